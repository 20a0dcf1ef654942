import { useState } from 'react';
import { ADMINS, allows } from '../../../domain/access';
import { BASE_CURRENCY } from '../../../domain/company';
import { reciprocal } from '../../../domain/decimal-text';
import { parseTypedDecimal, rateShownText } from '../../../domain/typed-decimal';
import { useCurrentUser } from '../../auth';
import { RateField } from '../../components/ui/Field';
import type { SaleDetail } from './api';

/** What the rate field leaves for the save: nothing to send, a corrected rate, or a typing error. */
type RateReading = { ok: true; exchangeRate?: string } | { ok: false };

/**
 * An admin's correction of an edited sale's frozen rate, typed the way Chile says it ("1 USD = 945 CLP")
 * and sent as `saleData.exchangeRate`, USD per unit (decision 0085). Only for a sale in another currency
 * than USD that keeps its currency in this edit; the server refuses it for others (403) and once the
 * sale is invoiced (409, shown under the form).
 */
export function useSaleRateCorrection(
  sale: SaleDetail | undefined,
  currency: string,
  /** The server's refusal of the rate (`saleData.exchangeRate`), placed on the form's field. */
  serverError?: string,
) {
  const user = useCurrentUser();
  const stored = sale && sale.currency !== BASE_CURRENCY ? reciprocal(sale.exchangeRate, 8) : null;
  const initial = stored === null ? '' : rateShownText(stored);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const shown = stored !== null && allows(ADMINS, user.role) && currency === sale?.currency;

  /** The rate to send: none when the field is hidden or unchanged; a field error when it cannot be read. */
  const read = (): RateReading => {
    setError(undefined);
    if (!shown || text.trim() === initial) return { ok: true };
    const parsed = parseTypedDecimal(text, 'rate');
    const exchangeRate = parsed.ok ? reciprocal(parsed.value, 16) : null;
    if (!parsed.ok || exchangeRate === null) {
      setError(parsed.ok ? 'La tasa de cambio debe ser un número mayor a 0' : parsed.message);
      return { ok: false };
    }
    return { ok: true, exchangeRate };
  };

  const field = shown ? (
    <RateField
      label={`Tasa de la venta: 1 ${BASE_CURRENCY} = ... ${currency}`}
      hint="Solo un administrador la corrige, mientras la venta no tenga factura"
      value={text}
      error={error ?? serverError}
      onChange={(event) => setText(event.target.value)}
    />
  ) : null;
  return { field, read, changed: text !== initial };
}
