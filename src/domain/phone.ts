import { z } from 'zod';

/** What a phone number may hold as people write it: digits, spaces, +, -, dots and parentheses. */
const PHONE_PATTERN = /^\+?[0-9 ().-]{6,25}$/;
export const PHONE_MESSAGE = 'Escriba el teléfono con dígitos, por ejemplo +56 9 1234 5678';

/** An optional phone: blank means none; kept as typed (trimmed), since the agency dials it as written. */
export const optionalPhone = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine(
    (v) => v === null || (PHONE_PATTERN.test(v) && /[0-9]{6}/.test(v.replace(/\D/g, ''))),
    PHONE_MESSAGE,
  );

/**
 * The wa.me address of a phone, or null when it has too few digits to be one. A Chilean mobile written
 * without its country code (9 1234 5678) gets 56, as WhatsApp needs the full international number.
 */
export function whatsAppLink(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return null;
  const international =
    !phone.trim().startsWith('+') && digits.length === 9 && digits.startsWith('9') ? `56${digits}` : digits;
  return `https://wa.me/${international}`;
}
