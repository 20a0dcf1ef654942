import { BASE_CURRENCY } from '../../../domain/company';
import type { PaymentCurrency } from '../../../domain/payment-replies';
import type { PaymentFormInput, PaymentForm as PaymentFormValues } from '../../../domain/payments';
import { rateShownText } from '../../../domain/typed-decimal';
import { RateField } from '../../components/ui/Field';
import { SelectField } from '../../components/ui/SelectField';
import type { useBoundForm } from '../../lib/form';
import { useNumberFormat } from '../../lib/use-money';
import { type SaleMoney, salePreview } from './payment-model';

type Form = ReturnType<typeof useBoundForm<PaymentFormInput, PaymentFormValues>>;

interface PaymentCurrencyFieldsProps {
  form: Form;
  currencies: readonly PaymentCurrency[];
  /** The rate a currency starts with: an edited payment keeps its own frozen rate for its currency. */
  rateOf: (currency: string) => number | undefined;
  /** Told when the person types a rate (then it is sent), and when a new currency resets it. */
  onRateTouched: (touched: boolean) => void;
  /** The sale the payment counts toward, in whose currency the live value is shown. */
  sale: SaleMoney;
}

/**
 * Moneda and Tasa de cambio of the payment dialog, with the live value of what is typed in the sale's
 * currency ("≈ US$ 1,052.00", "≈ CLP 500,000"): what the server will count toward the sale, worked out
 * the same exact way (decision 0085). Choosing a
 * currency fills in its rate of Configuraciones; the rate can then be typed over. USD is always 1.
 */
export function PaymentCurrencyFields({
  form,
  currencies,
  rateOf,
  onRateTouched,
  sale,
}: PaymentCurrencyFieldsProps) {
  const { register, setValue, watch, bind } = form;
  const currency = watch('currency');
  const preview = salePreview(watch('amount'), currency, watch('exchangeRate'), sale, useNumberFormat());
  const options = currencies.map((c) => ({ value: c.currency, label: c.currency }));
  const rate = bind('exchangeRate');

  return (
    <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
      <SelectField
        label="Moneda"
        options={options}
        {...register('currency', {
          onChange: (event: { target: { value: string } }) => {
            const next = rateOf(event.target.value);
            setValue('exchangeRate', next === undefined ? '' : rateShownText(next));
            onRateTouched(false);
          },
        })}
      />
      <RateField
        label={`Tasa de cambio (US$ por 1 ${currency})`}
        required
        readOnly={currency === BASE_CURRENCY}
        {...rate}
        onChange={(event) => {
          onRateTouched(true);
          return rate.onChange(event);
        }}
      />
      <p
        data-testid="payment-usd"
        aria-live="polite"
        className="text-sm font-medium text-gray-800 sm:col-span-2"
      >
        {preview ? `${preview} (lo que se abona a la venta)` : null}
      </p>
    </div>
  );
}
