import { useMemo } from 'react';
import { type CatalogItem, type CatalogKind, catalogSchema } from '../../../domain/master-data';
import { TAX_TREATMENT_LABELS, TAX_TREATMENTS, type TaxTreatment } from '../../../domain/tax-treatment';
import { useRecordSave } from '../../api/resource';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { RecordFormPage } from '../../components/ui/RecordFormPage';
import { SelectField } from '../../components/ui/SelectField';
import { blankAsNullResolver, useBoundForm } from '../../lib/form';
import { type CatalogData, catalogResource } from './api';
import { CATALOG_TEXTS } from './config';

interface CatalogFormProps {
  kind: CatalogKind;
  item?: CatalogItem;
  onSaved: (item: CatalogItem, message: string) => void;
  onCancel: () => void;
}

function CatalogForm({ kind, item, onSaved, onCancel }: CatalogFormProps) {
  const texts = CATALOG_TEXTS[kind];
  const { save, submit } = useRecordSave(catalogResource(kind), item?.id, onSaved);
  const resolver = useMemo(() => blankAsNullResolver(catalogSchema(kind)), [kind]);
  const { handleSubmit, bind } = useBoundForm<{ name: string; taxTreatment?: TaxTreatment }, CatalogData>({
    resolver,
    defaultValues: {
      name: item?.name ?? '',
      ...(kind === 'classifications' && { taxTreatment: item?.taxTreatment ?? 'byRegion' }),
    },
  });

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field label="Nombre" required autoComplete="off" {...bind('name')} />
      {kind === 'classifications' && (
        <SelectField
          label="Tratamiento tributario"
          hint="Según región: exento en ventas internacionales, afecto a IVA en nacionales y regionales."
          options={TAX_TREATMENTS.map((value) => ({ value, label: TAX_TREATMENT_LABELS[value] }))}
          {...bind('taxTreatment')}
        />
      )}
      <FormActions
        onCancel={onCancel}
        save={save}
        errorTitle={item ? texts.updateError : texts.createError}
      />
    </form>
  );
}

/** /{kind}/new and /{kind}/{id}/edit for suppliers, operators and classifications. */
export function CatalogFormPage({ kind }: { kind: CatalogKind }) {
  return (
    <RecordFormPage resource={catalogResource(kind)} texts={CATALOG_TEXTS[kind]}>
      {({ record, onSaved, onCancel }) => (
        <CatalogForm kind={kind} item={record} onSaved={onSaved} onCancel={onCancel} />
      )}
    </RecordFormPage>
  );
}
