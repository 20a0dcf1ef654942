import type { CurrencyRate, CurrencyRateCreate } from '../../../domain/company';
import type { NumberFormat } from '../../../domain/format';
import { reciprocal } from '../../../domain/money';
import { inverseRateEquation, rateEquation, unitsPerUsdEquation } from '../../../domain/rate-text';
import { parseTypedDecimal, rateInputText } from '../../../domain/typed-decimal';

/**
 * The rate dialog's rules, apart from its screen: which side a rate is typed on ("1 USD = 945 CLP" or
 * "1 EUR = 1,08 USD"), what a switch of side shows, what is sent and when a change is asked about.
 * docs/decisions/0086-rates-the-way-chile-says-them.md
 */

/** The body's field a rate is typed in: units per USD ("1 USD = ___ CLP") or USD per unit. */
export type RateSide = 'unitsPerUsd' | 'rate';

export const otherSide = (side: RateSide): RateSide => (side === 'rate' ? 'unitsPerUsd' : 'rate');

/**
 * The side a rate starts on: units per USD for a new rate and for a currency weaker than the dollar
 * (one USD buys many pesos), USD per unit for one as strong or stronger (EUR, GBP).
 */
export function defaultSide(rate?: Pick<CurrencyRate, 'rate'>): RateSide {
  return rate && rate.rate >= 1 ? 'rate' : 'unitsPerUsd';
}

/** Both sides of a rate given on one: the other is the reciprocal, to the 16 decimals the server keeps. */
function bothSides(side: RateSide, value: string) {
  const other = reciprocal(value, 16);
  if (other === null) return null;
  return side === 'rate' ? { rate: value, unitsPerUsd: other } : { rate: other, unitsPerUsd: value };
}

/**
 * A rate as the list reads it and the units per USD after it, both in the agency's number format:
 * "1 CLP = 0.0011 USD · 1 USD = 945.00 CLP" (`es` "1 CLP = 0,0011 USD · 1 USD = 945,00 CLP").
 * The second is the units per USD as given (typed or kept), not worked back from the rounded rate.
 */
export function rateLines(
  currency: string,
  sides: { rate: number | string; unitsPerUsd: number | string },
  style: NumberFormat,
) {
  const inverse =
    unitsPerUsdEquation(currency, sides.unitsPerUsd, style) ??
    inverseRateEquation(currency, sides.rate, style);
  return `${rateEquation(currency, sides.rate, style)} · ${inverse}`;
}

/** While typing: what the text will be saved as, both ways; nothing until it reads as a rate. */
export function rateHint(
  currency: string,
  side: RateSide,
  typed: string | undefined,
  style: NumberFormat,
): string | undefined {
  if (!currency || !typed || typed.trim() === '') return undefined;
  const parsed = parseTypedDecimal(typed, 'rate');
  const sides = parsed.ok ? bothSides(side, parsed.value) : null;
  return sides ? rateLines(currency, sides, style) : undefined;
}

/**
 * What the other side's field shows when the person switches to it after typing: the reciprocal of
 * what they typed, to 8 decimals; null when the typed text cannot be read (the field then keeps its own).
 */
export function switchedText(typed: string): string | null {
  const parsed = parseTypedDecimal(typed, 'rate');
  const other = parsed.ok ? reciprocal(parsed.value, 8) : null;
  return other === null ? null : rateInputText(other);
}

/**
 * The body to send. The side last typed goes as typed, even when the person switched to the other
 * side afterwards (which only showed its reciprocal, rounded); an edit where neither was typed sends
 * no rate, so the stored 16 decimals stay as they are. `checked` is what the schema read on `side`,
 * `typedOn` the side last typed and `texts` both fields as they are.
 */
export function rateBody(
  checked: CurrencyRateCreate,
  side: RateSide,
  typedOn: RateSide | null,
  texts: Record<RateSide, string>,
  editing: boolean,
): CurrencyRateCreate {
  const { rate: _rate, unitsPerUsd: _units, ...rest } = checked;
  if (typedOn === null) return editing ? rest : checked;
  if (typedOn === side) return checked;
  const parsed = parseTypedDecimal(texts[typedOn], 'rate');
  return parsed.ok ? { ...rest, [typedOn]: parsed.value } : checked;
}

/** More than this share away from the current value asks before saving: a slipped digit, a side mixed up. */
export const BIG_CHANGE = 0.2;

/** The side and value a body changes the rate to; null when it sends no rate. */
function sentSide(body: CurrencyRateCreate): { side: RateSide; value: string } | null {
  if (body.rate !== undefined) return { side: 'rate', value: body.rate };
  if (body.unitsPerUsd !== undefined) return { side: 'unitsPerUsd', value: body.unitsPerUsd };
  return null;
}

/** The question before saving a change of more than 20 %: both rates, and the change on the side typed. */
export interface RateChange {
  before: string;
  after: string;
  /** "+32 %", "-25 %": the change of the value as it was typed. */
  percent: string;
}

export function bigChange(
  current: CurrencyRate,
  body: CurrencyRateCreate,
  style: NumberFormat,
): RateChange | null {
  const sent = sentSide(body);
  const sides = sent && bothSides(sent.side, sent.value);
  if (!sent || !sides) return null;
  const share = Number(sent.value) / current[sent.side] - 1;
  if (Math.abs(share) <= BIG_CHANGE) return null;
  const percent = Math.round(share * 100);
  return {
    before: rateLines(current.currency, current, style),
    after: rateLines(current.currency, sides, style),
    percent: `${percent > 0 ? '+' : ''}${percent} %`,
  };
}
