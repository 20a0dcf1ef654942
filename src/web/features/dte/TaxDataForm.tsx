import { useState } from 'react';
import { toast } from 'sonner';
import {
  type CompanyTax,
  type CompanyTaxInput,
  companyTaxSchema,
  SII_ENVIRONMENT_LABELS,
  SII_ENVIRONMENTS,
} from '../../../domain/dte';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Field, RutField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { SelectField } from '../../components/ui/SelectField';
import { blankAsNullResolver, useBoundForm } from '../../lib/form';
import { type StoredCompanyTax, useSaveCompanyTax } from './api';

const EMPTY: CompanyTaxInput = {
  rut: '',
  businessName: '',
  businessActivity: '',
  activityCode: '',
  address: '',
  commune: '',
  resolutionNumber: 0,
  resolutionDate: '',
  environment: 'certification',
};

const resolver = blankAsNullResolver(companyTaxSchema);
const environmentOptions = SII_ENVIRONMENTS.map((value) => ({ value, label: SII_ENVIRONMENT_LABELS[value] }));

/** The company as the SII knows it: printed on every DTE and checked against each CAF. */
export function TaxDataForm({ tax }: { tax: StoredCompanyTax | null }) {
  const save = useSaveCompanyTax();
  const { handleSubmit, reset, bind } = useBoundForm<CompanyTaxInput, CompanyTax>({
    resolver,
    defaultValues: tax ?? EMPTY,
  });
  /** A new RUT the server asked to confirm: CAFs of the current one still have folios (decision 0081). */
  const [rutChange, setRutChange] = useState<{ body: CompanyTax; message: string } | null>(null);
  const saved = (stored: StoredCompanyTax | null | undefined) => {
    if (stored) reset(stored);
    toast.success('Datos tributarios guardados');
  };
  const submit = (body: CompanyTax) =>
    save.mutate(body, {
      onSuccess: saved,
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 409)) return;
        // The dialog says it: the form's alert would repeat it behind.
        save.reset();
        setRutChange({ body, message: error.message });
      },
    });

  return (
    <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={handleSubmit(submit)}>
      <RutField label="RUT de la empresa" required placeholder="76.123.456-0" {...bind('rut')} />
      <Field label="Razón social" required autoComplete="off" {...bind('businessName')} />
      <Field label="Giro" required autoComplete="off" {...bind('businessActivity')} />
      <Field
        label="Actividad económica (Acteco)"
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder="791100"
        {...bind('activityCode')}
      />
      <Field label="Dirección" required autoComplete="off" {...bind('address')} />
      <Field label="Comuna" required autoComplete="off" {...bind('commune')} />
      <Field
        label="Número de resolución SII"
        hint="0 mientras la empresa se certifica."
        required
        inputMode="numeric"
        autoComplete="off"
        {...bind('resolutionNumber')}
      />
      <Field
        label="Fecha de resolución"
        required
        type="date"
        autoComplete="off"
        {...bind('resolutionDate')}
      />
      <SelectField label="Ambiente del SII" options={environmentOptions} {...bind('environment')} />
      <FormActions
        save={save}
        errorTitle="Error al guardar los datos tributarios"
        className="sm:col-span-2"
      />
      <ConfirmDialog
        open={rutChange !== null}
        onOpenChange={(open) => {
          if (!open) setRutChange(null);
        }}
        title="¿Cambiar el RUT de la empresa?"
        description={rutChange?.message}
        confirmLabel="Cambiar el RUT"
        pendingLabel="Guardando..."
        errorTitle="Error al guardar los datos tributarios"
        onConfirm={async () => {
          if (rutChange) saved(await save.mutateAsync({ ...rutChange.body, confirmRutChange: true }));
        }}
      />
    </form>
  );
}
