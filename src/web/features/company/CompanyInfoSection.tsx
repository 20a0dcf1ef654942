import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  type CompanySettings,
  type CompanySettingsInput,
  companySettingsSchema,
  NUMBER_FORMAT_LABELS,
  NUMBER_FORMATS,
} from '../../../domain/company';
import { PLACEHOLDER_HINT } from '../../../domain/document-emails';
import { Card } from '../../components/ui/Card';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field, MoneyField, RutField, TextareaField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { SelectField } from '../../components/ui/SelectField';
import { Spinner } from '../../components/ui/Spinner';
import { typedDecimalResolver } from '../../lib/decimal-resolver';
import { useBoundForm } from '../../lib/form';
import { companySettingsQuery, type StoredCompanySettings, useSaveCompanySettings } from './api';
import { DemoDataCard } from './DemoDataCard';

const resolver = typedDecimalResolver(companySettingsSchema, { largeAmountThreshold: 'money' });

/** Every zone this browser knows, plus the saved one (an alias such as "UTC" may not be listed). */
function timeZoneOptions(saved: string) {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(saved);
  return [...zones].sort().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** Each format shown as the number it writes (decision 0089). */
const NUMBER_FORMAT_OPTIONS = NUMBER_FORMATS.map((value) => ({ value, label: NUMBER_FORMAT_LABELS[value] }));

function CompanyInfoForm({ settings }: { settings: StoredCompanySettings }) {
  const save = useSaveCompanySettings();
  const { handleSubmit, reset, bind, register } = useBoundForm<CompanySettingsInput, CompanySettings>({
    resolver,
    defaultValues: settings,
  });

  const submit = (body: CompanySettings) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        // The server trims the values: show what was actually stored.
        reset(saved);
        toast.success('Información de la empresa guardada');
      },
    });

  return (
    <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={handleSubmit(submit)}>
      <Field
        label="Nombre de la empresa"
        required
        autoComplete="off"
        className="sm:col-span-2"
        {...bind('name')}
      />
      <RutField label="RUT / ID tributario" {...bind('taxId')} />
      <Field label="Teléfono" type="tel" autoComplete="off" {...bind('phone')} />
      <Field label="Email" type="email" autoComplete="off" className="sm:col-span-2" {...bind('email')} />
      <Field label="Dirección" autoComplete="off" className="sm:col-span-2" {...bind('address')} />
      <Field
        label="Remitente de los correos"
        hint="Desde esta dirección se envían cotizaciones, comprobantes y recordatorios. Vacío: el email de la empresa."
        type="email"
        autoComplete="off"
        className="sm:col-span-2"
        {...bind('emailFrom')}
      />
      <SelectField
        label="Zona horaria de la agencia"
        hint="Define el día de hoy de reportes, alertas y facturas, y la hora que se muestra."
        options={timeZoneOptions(settings.timeZone)}
        {...bind('timeZone')}
      />
      <MoneyField
        label="Umbral de montos altos (USD)"
        hint="Un monto mayor pide confirmación antes de guardarse."
        {...bind('largeAmountThreshold')}
      />
      <Field
        label="Hora del respaldo diario"
        hint="Hora de la agencia (0 a 23) en que el servidor hace el respaldo de cada día."
        type="number"
        min="0"
        max="23"
        step="1"
        {...bind('backupHour')}
      />
      <Field
        label="Respaldos diarios a conservar"
        type="number"
        min="1"
        step="1"
        {...bind('backupKeepDaily')}
      />
      <Field
        label="Respaldos semanales a conservar"
        type="number"
        min="0"
        step="1"
        {...bind('backupKeepWeekly')}
      />
      <Field
        label="Respaldos mensuales a conservar"
        type="number"
        min="0"
        step="1"
        {...bind('backupKeepMonthly')}
      />
      <Field
        label="Hora de los recordatorios"
        hint="Hora de la agencia (0 a 23) en que cada vendedor recibe por correo sus alertas del día."
        type="number"
        min="0"
        max="23"
        step="1"
        {...bind('reminderHour')}
      />
      <Field
        label="Días antes del viaje del recordatorio de pago"
        type="number"
        min="1"
        max="60"
        step="1"
        {...bind('clientReminderDays')}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800 sm:col-span-2">
        <input type="checkbox" className="size-4 accent-blue-600" {...register('clientPaymentReminders')} />
        Enviar recordatorio de pago a los clientes con saldo antes del viaje
      </label>
      <Field
        label="Días de validez de la cotización"
        hint="Fecha Válida hasta de una cotización cuando no se indica otra: hoy más estos días."
        type="number"
        min="1"
        max="365"
        step="1"
        {...bind('quoteValidityDays')}
      />
      {/* Beside the validity, which is alone on its row: the pairs above keep their places. */}
      <SelectField
        label="Formato de números"
        hint="Cómo se escriben los montos en pantallas, PDF y correos."
        options={NUMBER_FORMAT_OPTIONS}
        {...bind('numberFormat')}
      />
      <TextareaField
        label="Condiciones de la cotización"
        hint="Se imprimen al final de cada cotización."
        rows={4}
        className="sm:col-span-2"
        {...bind('quoteConditions')}
      />
      <TextareaField
        label="Contacto de emergencia"
        hint="Se imprime en cada itinerario; vacío, se imprimen el nombre, teléfono y email de la empresa."
        rows={2}
        className="sm:col-span-2"
        {...bind('emergencyContact')}
      />
      <TextareaField
        label="Mensaje de los correos"
        hint={`El texto de cada cotización, itinerario, comprobante o estado de cuenta enviado por email; quien envía puede cambiarlo. ${PLACEHOLDER_HINT}`}
        rows={6}
        className="sm:col-span-2"
        {...bind('emailMessage')}
      />
      <FormActions
        save={save}
        errorTitle="Error al guardar la información de la empresa"
        className="sm:col-span-2"
      />
    </form>
  );
}

/** Configuraciones > Información de la Empresa: the details printed on invoices and the client's documents. */
export function CompanyInfoSection() {
  const query = useQuery(companySettingsQuery());
  const [generation, setGeneration] = useState(0);
  return (
    <section aria-labelledby="company-title" className="space-y-4">
      <h2 id="company-title" className="text-xl font-semibold text-gray-900">
        Información de la Empresa
      </h2>
      <DemoDataCard onRemoved={() => setGeneration((g) => g + 1)} />
      <Card>
        {query.error ? (
          <ErrorAlert title="Error al cargar la información de la empresa" error={query.error} />
        ) : query.data ? (
          // Started again once the demo is removed: its company's details were cleared on the server.
          <CompanyInfoForm key={generation} settings={query.data} />
        ) : (
          <Spinner label="Cargando información de la empresa..." className="py-8" />
        )}
      </Card>
    </section>
  );
}
