/** A .p12/.pfx as base64, the way POST /api/company/certificate takes it. */
export async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A CAF file's text. The SII writes CAFs in ISO-8859-1 and signs them over those bytes, so the file
 * is read as ISO-8859-1 (as UTF-8 a "Ñ" of the company's name would be lost and no timbre would verify).
 */
export async function cafTextOf(file: File): Promise<string> {
  return new TextDecoder('iso-8859-1').decode(await file.arrayBuffer());
}

/** Whole days from `now` until `until` (negative once past). */
export const daysUntil = (until: string, now: Date = new Date()) =>
  Math.floor((new Date(until).getTime() - now.getTime()) / 86_400_000);
