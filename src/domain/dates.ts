/**
 * A time of day after the date of an ISO 8601 timestamp (the original client, docs/product.md#dates, sends
 * dates as `2026-12-31T00:00:00.000Z`): hours and minutes, optional seconds and fraction, optional zone.
 * Anything else after the date ("2026-12-31 garbage") is not a date.
 */
const ISO_TIME = /^T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

/**
 * Normalises a date-only value to yyyy-mm-dd. Accepts exactly yyyy-mm-dd, a full ISO 8601 timestamp
 * (its calendar date is the day, whatever the zone), or dd/mm/yyyy (older records and
 * Spanish-speaking users type days first). Returns null when it is not one of those or not a real
 * date ('2026-02-30').
 */
export function toIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(text);
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso && (iso[4] === '' || ISO_TIME.test(iso[4] as string)))
    [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The user's calendar day as yyyy-mm-dd, in the machine's own time zone: a form's "today" must not
 * turn into tomorrow in the evening, as toISOString (UTC) would west of Greenwich.
 */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
