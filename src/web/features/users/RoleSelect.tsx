import type { ComponentProps } from 'react';
import { ROLE_LABELS, ROLES } from '../../../domain/roles';
import { SelectField } from '../../components/ui/SelectField';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

type RoleSelectProps = Omit<ComponentProps<typeof SelectField>, 'options' | 'placeholder'> & {
  /** Text of a first, empty option (e.g. for "all roles" in a filter). */
  emptyOption?: string;
};

/** A labelled select of the three roles with their Spanish labels. */
export function RoleSelect({ emptyOption, ...props }: RoleSelectProps) {
  return <SelectField options={ROLE_OPTIONS} placeholder={emptyOption} {...props} />;
}
