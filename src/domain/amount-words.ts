/**
 * An amount in Spanish words, as a receipt writes it: "mil doscientos dólares con cincuenta centavos".
 * Written here rather than taken from npm: the Spanish of the maintained libraries we tried says
 * "veintiuno mil" and "veintiuno euros" (n2words 4.0.0) or "uno millón" (written-number 0.11.1),
 * where a receipt needs "veintiún mil" and "veintiún dólares".
 */

const UNITS = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

/** 0-999 in words; `beforeNoun` shortens a final "uno" to "un" (un dólar, veintiún mil). */
function upTo999(n: number, beforeNoun: boolean): string {
  if (n === 100) return 'cien';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  let restWords = '';
  if (rest > 0 && rest < 30) restWords = UNITS[rest] ?? '';
  else if (rest >= 30) {
    const unit = rest % 10;
    restWords = `${TENS[Math.floor(rest / 10)]}${unit ? ` y ${UNITS[unit]}` : ''}`;
  }
  // uno, veintiuno, treinta y uno before a noun: un, veintiún, treinta y un.
  if (beforeNoun && rest % 10 === 1 && rest !== 11)
    restWords = rest === 21 ? 'veintiún' : restWords.slice(0, -1);
  return [HUNDREDS[hundreds], restWords].filter(Boolean).join(' ');
}

/** 0-999,999 in words ("mil", "dos mil", "ciento un mil"). */
function upToMillion(n: number, beforeNoun: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const head = thousands === 0 ? '' : thousands === 1 ? 'mil' : `${upTo999(thousands, true)} mil`;
  const tail = rest === 0 ? '' : upTo999(rest, beforeNoun);
  return [head, tail].filter(Boolean).join(' ');
}

/** A whole number below a billón (10^12) in words; "un millón", "dos mil quinientos millones". */
export function integerInWords(n: number, beforeNoun = false): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`Fuera de rango: ${n}`);
  if (n === 0) return 'cero';
  const millions = Math.floor(n / 1e6);
  const rest = n % 1e6;
  const head = millions === 0 ? '' : millions === 1 ? 'un millón' : `${upToMillion(millions, true)} millones`;
  const tail = rest === 0 ? '' : upToMillion(rest, beforeNoun);
  return [head, tail].filter(Boolean).join(' ');
}

/** How each currency is named in words (singular, plural); another currency is named by its code. */
const CURRENCY_NAMES: Record<string, { one: string; many: string; cent: [string, string] }> = {
  USD: { one: 'dólar', many: 'dólares', cent: ['centavo', 'centavos'] },
  CLP: { one: 'peso', many: 'pesos', cent: ['centavo', 'centavos'] },
  EUR: { one: 'euro', many: 'euros', cent: ['céntimo', 'céntimos'] },
};

/**
 * The amount in words with its currency: 1200.5 USD is "mil doscientos dólares con cincuenta
 * centavos", 1000000 is "un millón de dólares", 21 is "veintiún dólares". Cents are rounded to two
 * decimals (an amount has two).
 */
export function amountInWords(amount: number, currency = 'USD'): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  const names = CURRENCY_NAMES[currency.toUpperCase()];
  const noun = names ? (whole === 1 ? names.one : names.many) : currency.toUpperCase();
  // "un millón de dólares", but "un millón doscientos mil dólares".
  const of = whole >= 1e6 && whole % 1e6 === 0 ? ' de' : '';
  let words = `${integerInWords(whole, true)}${of} ${noun}`;
  if (fraction > 0) {
    const cent = names ? names.cent[fraction === 1 ? 0 : 1] : 'centavos';
    words += ` con ${integerInWords(fraction, true)} ${cent}`;
  }
  return amount < 0 ? `menos ${words}` : words;
}
