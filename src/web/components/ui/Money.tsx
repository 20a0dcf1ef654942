import { useMoney } from '../../lib/use-money';

/**
 * An amount as formatMoney writes it, in the agency's number format: for a place that cannot call
 * useMoney itself, such as a table's column defined once for the module.
 */
export function Money({
  amount,
  currency,
}: {
  amount: number | string | null | undefined;
  currency?: string;
}) {
  return <>{useMoney()(amount, currency)}</>;
}
