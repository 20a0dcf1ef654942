/**
 * Whole pesos, exactly (decision 0056). Amounts arrive as the database's decimal text and become
 * integers of pesos here, with BigInt: no binary fraction ever touches a tax amount.
 */

/** The SII's IVA rate, in percent. */
export const VAT_PERCENT = 19n;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal text as a whole number scaled by 10^scale, with the scale. */
function scaled(text: string): { value: bigint; scale: number } {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`Cantidad no válida: ${text}`);
  const fraction = match[2] ?? '';
  return { value: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/** numerator / denominator rounded half up (both non-negative). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A peso amount written as decimal text ("1250.50"), rounded half up to whole pesos. */
export function pesosOf(amount: string): bigint {
  const { value, scale } = scaled(amount);
  return divideRounded(value, 10n ** BigInt(scale));
}

/**
 * A foreign amount in pesos at `pesosPerUnit` (the document's rate, e.g. "952.38" pesos per dollar),
 * rounded half up to whole pesos once, on the exact product.
 */
export function toPesos(amount: string, pesosPerUnit: string): bigint {
  const a = scaled(amount);
  const r = scaled(pesosPerUnit);
  return divideRounded(a.value * r.value, 10n ** BigInt(a.scale + r.scale));
}

export interface PesoLine {
  /** What the client pays for the line, IVA included when it is taxable, in whole pesos. */
  pesos: bigint;
  exempt: boolean;
}

export interface PesoTotals {
  /** MntNeto: the taxable lines without IVA (0 when none). */
  net: bigint;
  /** MntExe: the exempt lines. */
  exempt: bigint;
  /** IVA: the taxable lines' gross less their net. */
  vat: bigint;
  /** MntTotal: what the client pays, the sum of the lines. */
  total: bigint;
}

/**
 * Totals per the SII's rule for line amounts that include IVA (MntBruto = 1): the net is the taxable
 * lines' sum divided by 1.19 and rounded to the peso, the IVA is what remains, so the total is exactly
 * the sum of the lines the client pays.
 */
export function pesoTotals(lines: readonly PesoLine[]): PesoTotals {
  let gross = 0n;
  let exempt = 0n;
  for (const line of lines) {
    if (line.pesos < 0n) throw new Error('Una línea no puede ser negativa');
    if (line.exempt) exempt += line.pesos;
    else gross += line.pesos;
  }
  const net = divideRounded(gross * 100n, 100n + VAT_PERCENT);
  return { net, exempt, vat: gross - net, total: gross + exempt };
}

/**
 * The document's rate (decision 0056): pesos per unit of a currency, from Configuraciones' rates in
 * USD per unit (`unitUsd` the currency's, `pesoUsd` the peso's), rounded half up to two decimals as
 * the dólar observado is published, and written as decimal text ("952.38").
 */
export function pesoRate(unitUsd: string, pesoUsd: string): string {
  const unit = scaled(unitUsd);
  const peso = scaled(pesoUsd);
  const cents = divideRounded(
    unit.value * 10n ** BigInt(peso.scale) * 100n,
    peso.value * 10n ** BigInt(unit.scale),
  );
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}
