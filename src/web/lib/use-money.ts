import { createContext, useContext } from 'react';
import { formatPesos, type MoneyText, moneyText, type NumberFormat } from '../../domain/format';

/**
 * How the agency writes numbers (Configuraciones, "Formato de números"; decision 0089). The signed-in
 * shell provides the saved one (layout/AgencyNumberFormat.tsx) to every screen at once; outside it, and
 * until the server has answered, numbers are written `en`.
 */
export const NumberFormatContext = createContext<NumberFormat>('en');

export function useNumberFormat(): NumberFormat {
  return useContext(NumberFormatContext);
}

/** One bound formatter per format: the same function on every render, so it can sit in a dependency list. */
const MONEY: Record<NumberFormat, MoneyText> = { en: moneyText('en'), es: moneyText('es') };

/**
 * formatMoney in the agency's number format, with formatMoney's own arguments (amount, currency):
 * a screen writes every amount with it, so no page mixes `1,234.56` and `1.234,56`.
 */
export function useMoney(): MoneyText {
  return MONEY[useNumberFormat()];
}

export type PesosText = (amount: number | bigint) => string;
const PESOS: Record<NumberFormat, PesosText> = {
  en: (amount) => formatPesos(amount, 'en'),
  es: (amount) => formatPesos(amount, 'es'),
};

/** formatPesos (the whole pesos of a DTE) in the agency's number format. */
export function usePesos(): PesosText {
  return PESOS[useNumberFormat()];
}
