import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BASE_CURRENCY } from '../../../domain/company';
import {
  REGION_LABELS,
  REGIONS,
  SALE_TYPE_LABELS,
  SALE_TYPES,
  type SaleData,
  type SaleDataInput,
  SERVICE_TYPE_LABELS,
  SERVICE_TYPES,
  STALE_SALE_MESSAGE,
  saleDataSchema,
} from '../../../domain/sales';
import { saleWarnings } from '../../../domain/sanity';
import { ApiError } from '../../api/client';
import { useCurrentUser } from '../../auth';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { SelectField } from '../../components/ui/SelectField';
import { useLeaveGuard } from '../../components/ui/use-leave-guard';
import { useBoundForm } from '../../lib/form';
import { useNumberFormat } from '../../lib/use-money';
import { useAgencyPreferences } from '../company';
import { usePaymentCurrencies } from '../payments';
import { type SaleDetail, useCreateSale, useUpdateSale } from './api';
import { type ClientOption, ClientPicker } from './ClientPicker';
import {
  emptySaleForm,
  filledSaleForm,
  formFromSale,
  type ItemDraft,
  placeServerErrors,
  toItemPayload,
} from './form-model';
import { SaleCurrencyField } from './SaleCurrencyField';
import { SaleItemsEditor } from './SaleItemsEditor';
import { useSaleRateCorrection } from './SaleRateField';
import { SellerField } from './SellerField';
import { StaleSaleNotice } from './StaleSaleNotice';

const resolver = zodResolver(saleDataSchema);

/** A save refused because someone else saved the sale meanwhile (409 with the stale-version message). */
const isStale = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === STALE_SALE_MESSAGE;

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Creates a sale, or edits `sale` from the version it was loaded at (a newer save by someone else is refused). */
export function SaleForm({ sale }: { sale?: SaleDetail }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateSale();
  const update = useUpdateSale(sale?.id ?? 0);
  const [initial] = useState(() =>
    sale ? formFromSale(sale) : { values: emptySaleForm(user.id), items: [] },
  );
  const [client, setClient] = useState<ClientOption | null>(sale?.client ?? null);
  const [items, setItems] = useState<ItemDraft[]>(initial.items);
  const [itemErrors, setItemErrors] = useState<Record<number, string[]>>({});
  const [failure, setFailure] = useState<{ error: unknown; general: string[] } | null>(null);
  // What the save would send despite the warnings, while the question is open.
  const [doubtful, setDoubtful] = useState<{
    saleData: SaleData;
    status?: 'draft';
    warnings: string[];
  } | null>(null);
  const { largeAmountThreshold } = useAgencyPreferences();
  const { data: currencies = [] } = usePaymentCurrencies();
  const numberFormat = useNumberFormat();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
    bind,
  } = useBoundForm<SaleDataInput, SaleData>({
    resolver,
    defaultValues: { ...filledSaleForm(initial.values), currency: sale?.currency ?? BASE_CURRENCY },
  });
  const currency = watch('currency') ?? BASE_CURRENCY;
  const rateCorrection = useSaleRateCorrection(sale, currency, errors.exchangeRate?.message);
  const leaveGuard = useLeaveGuard(isDirty || items !== initial.items || rateCorrection.changed);

  const chooseClient = (next: ClientOption | null) => {
    // The passenger name follows the client unless the user has typed a different one.
    const name = getValues('passengerName');
    if (next && (!name || name === client?.name))
      setValue('passengerName', next.name, { shouldValidate: true });
    setClient(next);
  };

  const changeItems = (next: ItemDraft[]) => {
    setItems(next);
    // The server's item messages are by position, which no longer holds once the list changes.
    setItemErrors({});
  };

  const submit = async (checked: SaleData, status?: 'draft') => {
    const rate = rateCorrection.read();
    if (!rate.ok) return;
    const saleData = rate.exchangeRate ? { ...checked, exchangeRate: rate.exchangeRate } : checked;
    const labelled = items.map((item, i) => ({
      ...item,
      label: `Ítem ${i + 1} (${item.classificationName} - ${item.supplierName})`,
    }));
    const rateToUsd = currencies.find((c) => c.currency === saleData.currency)?.rate;
    const warnings = saleWarnings(
      labelled,
      largeAmountThreshold,
      {
        currency: saleData.currency ?? BASE_CURRENCY,
        rateToUsd,
      },
      numberFormat,
    );
    if (warnings.length > 0) setDoubtful({ saleData, status, warnings });
    else await save(saleData, status);
  };

  /** Saves the sale; a new one as a draft when `status` says so ("Guardar como borrador"). */
  const save = async (saleData: SaleData, status?: 'draft') => {
    setFailure(null);
    const body = { saleData, items: items.map(toItemPayload) };
    try {
      const { sale: saved } = sale
        ? await update.mutateAsync({ ...body, version: sale.version })
        : await create.mutateAsync({ ...body, saleData: { ...saleData, status } });
      leaveGuard.release();
      navigate(`/sales/${saved.id}`);
    } catch (error) {
      const placed = placeServerErrors(error instanceof ApiError ? error.errors : []);
      for (const [field, message] of Object.entries(placed.sale)) {
        setError(field as keyof SaleDataInput, { type: 'server', message });
      }
      setItemErrors(placed.items);
      // The alert already shows the server's message; only the other unplaced ones are listed under it.
      const shown = error instanceof Error ? error.message : '';
      setFailure({ error, general: placed.general.filter((message) => message !== shown) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit((saleData) => submit(saleData))} className="space-y-6">
      <Card>
        <h2 className="text-lg font-semibold text-gray-900">Datos de la venta</h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Controller
            name="clientId"
            control={control}
            render={({ field, fieldState }) => (
              <ClientPicker
                selected={client}
                inputRef={field.ref}
                error={fieldState.error?.message}
                onSelect={(next) => {
                  chooseClient(next);
                  field.onChange(next?.id ?? '');
                }}
              />
            )}
          />
          <Field label="Nombre del pasajero" autoComplete="off" {...bind('passengerName')} />
          <Field label="Fecha de viaje" type="date" {...bind('travelDate')} />
          <Field label="Cantidad de pasajeros" type="number" min="1" step="1" {...bind('passengerCount')} />
          <SelectField
            label="Tipo de venta"
            options={options(SALE_TYPES, SALE_TYPE_LABELS)}
            {...bind('saleType')}
          />
          <SelectField label="Región" options={options(REGIONS, REGION_LABELS)} {...bind('region')} />
          <SelectField
            label="Tipo de servicio"
            options={options(SERVICE_TYPES, SERVICE_TYPE_LABELS)}
            {...bind('serviceType')}
          />
          <SellerField
            registration={register('sellerId')}
            error={errors.sellerId?.message}
            current={sale?.seller}
          />
          <SaleCurrencyField
            registration={register('currency')}
            value={currency}
            error={errors.currency?.message}
            current={sale?.currency}
          />
          {rateCorrection.field}
        </div>
      </Card>

      <SaleItemsEditor items={items} currency={currency} onChange={changeItems} errors={itemErrors} />

      {sale && isStale(failure?.error) && <StaleSaleNotice saleId={sale.id} />}
      {failure && !isStale(failure.error) && (
        <div className="space-y-2">
          <ErrorAlert
            title={sale ? 'Error al actualizar la venta' : 'Error al crear la venta'}
            error={failure.error}
          />
          {failure.general.map((message) => (
            <p key={message} className="text-sm text-red-700">
              {message}
            </p>
          ))}
        </div>
      )}

      <FormActions
        pending={isSubmitting}
        disabled={items.length === 0}
        submitLabel="Guardar Venta"
        alternative={
          // Only a new sale: an edited draft stays a draft, and "Confirmar venta" is on its detail page.
          !sale && (
            <Button
              variant="secondary"
              disabled={isSubmitting || items.length === 0}
              onClick={handleSubmit((saleData) => submit(saleData, 'draft'))}
            >
              Guardar como borrador
            </Button>
          )
        }
      />
      {leaveGuard.prompt}
      <ConfirmDialog
        open={doubtful !== null}
        onOpenChange={(open) => !open && setDoubtful(null)}
        title="¿Guardar la venta de todos modos?"
        description={
          <span className="block space-y-1">
            {doubtful?.warnings.map((warning) => (
              <span key={warning} className="block">
                {warning}
              </span>
            ))}
          </span>
        }
        cancelLabel="Volver"
        confirmLabel="Guardar de todos modos"
        pendingLabel="Guardando..."
        errorTitle={sale ? 'Error al actualizar la venta' : 'Error al crear la venta'}
        onConfirm={async () => doubtful && save(doubtful.saleData, doubtful.status)}
      />
    </form>
  );
}
