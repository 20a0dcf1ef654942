import type { UseFormRegisterReturn } from 'react-hook-form';
import { BASE_CURRENCY } from '../../../domain/company';
import { currencyLabel } from '../../../domain/currencies';
import { inverseRateEquation, rateEquation } from '../../../domain/rate-text';
import { SelectField } from '../../components/ui/SelectField';
import { useNumberFormat } from '../../lib/use-money';
import { usePaymentCurrencies } from '../payments';

interface SaleCurrencyFieldProps {
  registration: UseFormRegisterReturn<'currency'>;
  /** The currency chosen now, for the hint under the select. */
  value: string;
  error?: string;
  /** A stored sale's currency, offered even when its rate is no longer active. */
  current?: string;
}

/**
 * "Moneda de la venta": USD or any currency with an active rate (the server freezes that day's rate on
 * the sale; docs/decisions/0085-sale-currency.md). The hint says the rate the sale will keep.
 */
export function SaleCurrencyField({ registration, value, error, current }: SaleCurrencyFieldProps) {
  const { data = [{ currency: BASE_CURRENCY, rate: 1 }] } = usePaymentCurrencies();
  const style = useNumberFormat();
  const codes = data.map((c) => c.currency);
  const list = current && !codes.includes(current) ? [...codes, current] : codes;
  const rate = data.find((c) => c.currency === value)?.rate;
  const hint =
    value === BASE_CURRENCY
      ? 'Precios y costos en dólares'
      : rate
        ? `Precios y costos en ${value}; la venta guarda la tasa de hoy: ${inverseRateEquation(value, rate, style) ?? rateEquation(value, rate, style)}`
        : `Precios y costos en ${value}`;
  return (
    <SelectField
      label="Moneda de la venta"
      options={list.map((code) => ({ value: code, label: currencyLabel(code) }))}
      hint={hint}
      error={error}
      {...registration}
    />
  );
}
