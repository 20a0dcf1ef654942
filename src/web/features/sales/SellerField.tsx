import type { UseFormRegisterReturn } from 'react-hook-form';
import { ADMINS } from '../../../domain/access';
import { useCurrentUser } from '../../auth';
import { ReadOnlyField } from '../../components/ui/Field';
import { SelectField } from '../../components/ui/SelectField';
import { type SaleSeller, useSellerOptions } from './api';

interface SellerFieldProps {
  registration: UseFormRegisterReturn<'sellerId'>;
  error?: string;
  /** In edit mode, the sale's seller: kept as an option even if no longer active. */
  current?: SaleSeller;
}

/** Only an admin picks the seller; anyone else sells as themselves (the server forces it too). */
export function SellerField({ registration, error, current }: SellerFieldProps) {
  const user = useCurrentUser();
  const isAdmin = ADMINS.includes(user.role);
  const { data: sellers = [] } = useSellerOptions(isAdmin);

  if (!isAdmin) {
    return <ReadOnlyField label="Vendedor" value={current?.username ?? user.username} />;
  }
  const list = current && !sellers.some((s) => s.id === current.id) ? [current, ...sellers] : sellers;
  // Until the list arrives the select still needs an option for the value react-hook-form set.
  const options = list.length > 0 ? list : [user];
  return (
    <SelectField
      label="Vendedor"
      options={options.map((s) => ({ value: s.id, label: `${s.username} (${s.email})` }))}
      error={error}
      {...registration}
    />
  );
}
