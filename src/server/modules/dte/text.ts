/** One character as the SII takes it: controls become spaces, what Latin-1 lacks becomes "?". */
function latin1Char(char: string): string {
  const code = char.codePointAt(0) ?? 0x3f;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return ' ';
  return code > 0xff ? '?' : char;
}

/**
 * Text as the SII takes it. Documents travel in ISO-8859-1 and the timbre is signed over those bytes,
 * so a character outside Latin-1 becomes "?" here, once, before anything is signed; control characters
 * (tabs, line breaks) become spaces, because canonical XML writes them as references that the printed
 * timbre's text would not show. Each field has the schema's maximum length.
 */
export function siiText(value: string, maxLength: number): string {
  const clean = Array.from(value.normalize('NFC'), latin1Char).join('').replace(/ {2,}/g, ' ').trim();
  return clean.slice(0, maxLength).trimEnd();
}

/** The bytes of a document or of the timbre's data: ISO-8859-1, as the SII reads them. */
export const latin1Bytes = (text: string): Buffer => Buffer.from(text, 'latin1');
