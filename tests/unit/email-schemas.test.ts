import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emailMessageSchema,
  RECIPIENT_LIMIT,
  recipientFields,
  recipientsSchema,
  subjectSchema,
  withinRecipientLimit,
} from '../../src/domain/emails';

/**
 * The rules every route that queues an e-mail shares (docs/product.md#emails-api): what POST /api/emails
 * builds on.
 */
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('recipients', () => {
  it('trims addresses and defaults Cc to none', () => {
    expect(recipientsSchema.parse({ to: [' cliente@correo.cl '] })).toEqual({
      to: ['cliente@correo.cl'],
      cc: [],
    });
  });

  it('refuses header injection, bad addresses, an empty To and more than 20 in all, in Spanish', () => {
    const cases: [unknown, string][] = [
      [{ to: ['a@b.cl\r\nBcc: x@y.cl'] }, 'No se permiten saltos de línea ni caracteres de control'],
      [{ to: ['no-es-email'] }, 'El email del destinatario no es válido'],
      [{ to: [] }, 'Indica al menos un destinatario'],
      [{ to: 'a@b.cl' }, 'Los destinatarios deben ser una lista de emails'],
      [
        { to: Array.from({ length: 20 }, (_, i) => `a${i}@b.cl`), cc: ['c@b.cl'] },
        'No se puede enviar a más de 20 destinatarios',
      ],
    ];
    for (const [input, message] of cases)
      expect(firstMessage(recipientsSchema.safeParse(input))).toMatch(message);
  });

  it('spread into a request of its own keeps the same rules', () => {
    const request = z
      .strictObject({ kind: z.literal('quote'), ...recipientFields, message: emailMessageSchema.optional() })
      .refine(withinRecipientLimit, RECIPIENT_LIMIT);
    expect(request.safeParse({ kind: 'quote', to: ['a@b.cl'], message: 'Hola,\nadjunto.' }).success).toBe(
      true,
    );
    const tooMany = { kind: 'quote', to: Array.from({ length: 21 }, (_, i) => `a${i}@b.cl`) };
    expect(firstMessage(request.safeParse(tooMany))).toBe('No se puede enviar a más de 20 destinatarios');
  });
});

describe('subject and message', () => {
  it('a subject is one line of 1 to 200 characters', () => {
    expect(subjectSchema.parse('  Cotización COT-1-1 ')).toBe('Cotización COT-1-1');
    expect(firstMessage(subjectSchema.safeParse('Hola\nBcc: x'))).toBe(
      'No se permiten saltos de línea ni caracteres de control',
    );
    expect(firstMessage(subjectSchema.safeParse(' '))).toBe('El asunto es requerido');
    expect(firstMessage(subjectSchema.safeParse('x'.repeat(201)))).toBe(
      'El asunto no puede superar 200 caracteres',
    );
  });

  it('a personal message keeps its line breaks, refuses other control characters and long texts', () => {
    expect(emailMessageSchema.parse('Hola:\r\nadjunto.\tSaludos')).toBe('Hola:\r\nadjunto.\tSaludos');
    expect(firstMessage(emailMessageSchema.safeParse('Hola\u0000'))).toBe(
      'El mensaje contiene caracteres de control no permitidos',
    );
    expect(firstMessage(emailMessageSchema.safeParse('x'.repeat(2001)))).toBe(
      'El mensaje no puede superar 2000 caracteres',
    );
  });
});
