import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_MESSAGE } from '../../../src/domain/document-emails';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = admin) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('currency rates', () => {
  it('adds, edits, toggles and deletes a rate', async () => {
    const created = await call('POST', '/api/company/currency-rates', {
      currency: 'eur',
      rate: 1.0825,
      isActive: true,
    });
    expect(created.statusCode).toBe(201);
    const rate = created.json().data;
    expect(rate).toEqual({
      id: expect.any(Number),
      currency: 'EUR',
      rate: 1.0825,
      // The other side, "1 USD = 0,92378753 EUR" (decision 0086).
      unitsPerUsd: 0.92378753,
      isActive: true,
      lastUpdated: expect.any(String),
    });
    const edited = await call('PUT', `/api/company/currency-rates/${rate.id}`, { rate: 1.1, isActive: true });
    expect(edited.json().data.rate).toBe(1.1);
    const toggled = await call('PATCH', `/api/company/currency-rates/${rate.id}/toggle`);
    expect(toggled.json().data.isActive).toBe(false);
    expect((await call('PATCH', `/api/company/currency-rates/${rate.id}/toggle`)).json().data.isActive).toBe(
      true,
    );
    const list = (await call('GET', '/api/company/currency-rates')).json().data;
    expect(list.map((r: { currency: string }) => r.currency)).toContain('EUR');
    expect((await call('DELETE', `/api/company/currency-rates/${rate.id}`)).json()).toEqual({
      message: 'Tasa de cambio eliminada',
    });
    expect((await call('DELETE', `/api/company/currency-rates/${rate.id}`)).statusCode).toBe(404);
  });

  it('keeps exact rates with up to 8 decimals', async () => {
    const res = await call('POST', '/api/company/currency-rates', { currency: 'CLP', rate: 0.00105263 });
    expect(res.json().data.rate).toBe(0.00105263);
  });

  it("gives the product's messages and refuses a duplicate currency", async () => {
    const missing = await call('POST', '/api/company/currency-rates', { currency: '', rate: 1 });
    expect(missing.json().message).toBe('La moneda es requerida');
    const zero = await call('POST', '/api/company/currency-rates', { currency: 'ARS', rate: 0 });
    expect(zero.json().message).toBe('La tasa debe ser mayor a 0');
    expect(
      (await call('POST', '/api/company/currency-rates', { currency: 'EURO', rate: 1 })).statusCode,
    ).toBe(400);
    // Three letters are not enough: the code must be a current ISO 4217 one ("POUNDS" once saved as "POU",
    // decision 0015).
    const unknown = await call('POST', '/api/company/currency-rates', { currency: 'POU', rate: 1.2 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('La moneda no es un código ISO 4217 vigente');
    await call('POST', '/api/company/currency-rates', { currency: 'BRL', rate: 0.18 });
    const dup = await call('POST', '/api/company/currency-rates', { currency: 'brl', rate: 0.2 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe una tasa para BRL');
    // The currency is locked on edit: sending it is refused rather than silently ignored.
    const brl = (await call('GET', '/api/company/currency-rates'))
      .json()
      .data.find((r: { currency: string }) => r.currency === 'BRL');
    expect(
      (await call('PUT', `/api/company/currency-rates/${brl.id}`, { currency: 'MXN', rate: 1 })).statusCode,
    ).toBe(400);
  });

  it('keeps USD at 1, active and undeletable', async () => {
    const usd = (await call('POST', '/api/company/currency-rates', { currency: 'USD', rate: 1 })).json().data;
    expect(
      (await call('PUT', `/api/company/currency-rates/${usd.id}`, { rate: 2, isActive: true })).statusCode,
    ).toBe(400);
    expect((await call('PATCH', `/api/company/currency-rates/${usd.id}/toggle`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/company/currency-rates/${usd.id}`)).statusCode).toBe(409);
    expect(
      (await call('POST', '/api/company/currency-rates', { currency: 'USD', rate: 0.9 })).statusCode,
    ).toBe(400);
  });

  it('saves a list of rates at once, all or nothing', async () => {
    const ok = await call('PUT', '/api/company/currency-rates', {
      rates: [
        { currency: 'GBP', rate: 1.27 },
        { currency: 'BRL', rate: 0.19, isActive: false },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const brl = ok.json().data.find((r: { currency: string }) => r.currency === 'BRL');
    expect(brl).toEqual(expect.objectContaining({ rate: 0.19, isActive: false }));
    const bad = await call('PUT', '/api/company/currency-rates', {
      rates: [
        { currency: 'JPY', rate: 0.0067 },
        { currency: 'USD', rate: 3 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    const after = (await call('GET', '/api/company/currency-rates')).json().data;
    expect(after.some((r: { currency: string }) => r.currency === 'JPY')).toBe(false);
  });

  it('is refused to sales and finance', async () => {
    for (const who of ['sales', 'finance'] as const) {
      const headers = await ctx.auth(who);
      expect((await call('GET', '/api/company/currency-rates', undefined, headers)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/company/currency-rates', { currency: 'PEN', rate: 0.27 }, headers))
          .statusCode,
      ).toBe(403);
    }
  });
});

describe('company settings', () => {
  it('reads and saves the company details', async () => {
    expect((await call('GET', '/api/company/settings')).json().data).toEqual({
      name: '',
      taxId: '',
      address: '',
      email: '',
      phone: '',
      emailFrom: '',
      timeZone: 'America/Santiago',
      largeAmountThreshold: 100000,
      backupHour: 2,
      backupKeepDaily: 7,
      backupKeepWeekly: 4,
      backupKeepMonthly: 12,
      reminderHour: 8,
      clientPaymentReminders: false,
      clientReminderDays: 7,
      quoteValidityDays: 7,
      quoteConditions: '',
      emergencyContact: '',
      numberFormat: 'en',
      emailMessage: DEFAULT_EMAIL_MESSAGE,
    });
    const saved = await call('PUT', '/api/company/settings', {
      name: 'Viajes Australes SpA',
      taxId: '76.543.210-3',
      address: 'Av. Libertad 123, Viña del Mar',
      email: 'hola@australes.cl',
      phone: '+56 32 123 4567',
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/api/company/settings')).json().data).toEqual(saved.json().data);
    const bad = await call('PUT', '/api/company/settings', { name: '', email: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['El nombre es requerido', 'El email no es válido']),
    );
    expect((await call('GET', '/api/company/settings')).json().data.name).toBe('Viajes Australes SpA');
  });

  it('keeps the zone and the large-amount threshold, exact, and gives them to every role', async () => {
    const saved = await call('PUT', '/api/company/settings', {
      name: 'Viajes Australes SpA',
      timeZone: 'America/Punta_Arenas',
      largeAmountThreshold: '25000.50',
    });
    expect(saved.json().data).toMatchObject({
      timeZone: 'America/Punta_Arenas',
      largeAmountThreshold: 25000.5,
    });
    // Left out of the body, both keep their values.
    const renamed = await call('PUT', '/api/company/settings', { name: 'Viajes Australes' });
    expect(renamed.json().data).toMatchObject({
      timeZone: 'America/Punta_Arenas',
      largeAmountThreshold: 25000.5,
    });
    for (const who of ['sales', 'finance'] as const) {
      const preferences = await call('GET', '/api/company/preferences', undefined, await ctx.auth(who));
      expect(preferences.json()).toEqual({
        data: {
          timeZone: 'America/Punta_Arenas',
          largeAmountThreshold: 25000.5,
          numberFormat: 'en',
          electronicInvoicing: false,
        },
      });
    }
    for (const [body, message] of [
      [{ largeAmountThreshold: 0 }, 'El umbral de montos altos debe ser un monto mayor a 0'],
      [{ largeAmountThreshold: '1.005' }, 'El umbral de montos altos admite como máximo 2 decimales'],
      [{ timeZone: '-03:00' }, 'La zona horaria no es válida (por ejemplo America/Santiago)'],
      [{ timeZone: 'America/Gotham' }, 'La zona horaria no es válida (por ejemplo America/Santiago)'],
    ] as const) {
      const res = await call('PUT', '/api/company/settings', { name: 'X', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('GET', '/api/company/settings')).json().data.name).toBe('Viajes Australes');
  });

  it('keeps the outbox sender address, refusing one that is not an e-mail', async () => {
    const saved = await call('PUT', '/api/company/settings', {
      name: 'Viajes Australes',
      emailFrom: 'reservas@australes.cl',
    });
    expect(saved.json().data.emailFrom).toBe('reservas@australes.cl');
    const bad = await call('PUT', '/api/company/settings', {
      name: 'Viajes Australes',
      emailFrom: 'a@b\r\nBcc: x@y.cl',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El email remitente no es válido');
    // Left out, it keeps its value.
    await call('PUT', '/api/company/settings', { name: 'Viajes Australes' });
    expect((await call('GET', '/api/company/settings')).json().data.emailFrom).toBe('reservas@australes.cl');
  });

  it('keeps the reminders hour, the client reminders switch and their days, refused out of range', async () => {
    const reminders = { reminderHour: 7, clientPaymentReminders: true, clientReminderDays: '3' };
    const saved = await call('PUT', '/api/company/settings', { name: 'Viajes Australes', ...reminders });
    expect(saved.json().data).toMatchObject({ ...reminders, clientReminderDays: 3 });
    for (const [body, message] of [
      [{ reminderHour: 24 }, 'La hora de los recordatorios debe ser un número entero entre 0 y 23'],
      [{ clientReminderDays: 0 }, 'Los días antes del viaje deben ser un número entero entre 1 y 60'],
      [{ clientPaymentReminders: 'true' }, 'Los recordatorios de pago a clientes deben ser sí o no'],
    ] as const) {
      const res = await call('PUT', '/api/company/settings', { name: 'Viajes Australes', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('GET', '/api/company/settings')).json().data).toMatchObject({
      ...reminders,
      clientReminderDays: 3,
    });
  });

  it('keeps the backup hour and the counts retention keeps, refused out of range in Spanish', async () => {
    const schedule = { backupHour: 23, backupKeepDaily: 1, backupKeepWeekly: 0, backupKeepMonthly: '24' };
    const saved = await call('PUT', '/api/company/settings', { name: 'Viajes Australes', ...schedule });
    expect(saved.json().data).toMatchObject({ ...schedule, backupKeepMonthly: 24 });
    for (const [body, message] of [
      [{ backupHour: 24 }, 'La hora del respaldo diario debe ser un número entero entre 0 y 23'],
      [{ backupHour: '2.5' }, 'La hora del respaldo diario debe ser un número entero entre 0 y 23'],
      [{ backupKeepDaily: 0 }, 'Los respaldos diarios a conservar deben ser un número entero entre 1 y 120'],
      [
        { backupKeepWeekly: -1 },
        'Los respaldos semanales a conservar deben ser un número entero entre 0 y 120',
      ],
      [
        { backupKeepMonthly: 121 },
        'Los respaldos mensuales a conservar deben ser un número entero entre 0 y 120',
      ],
    ] as const) {
      const res = await call('PUT', '/api/company/settings', { name: 'X', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('GET', '/api/company/settings')).json().data).toMatchObject({
      ...schedule,
      backupKeepMonthly: 24,
    });
  });

  it('keeps the quote validity, the quote conditions and the emergency contact, refused wrong in Spanish', async () => {
    const documents = {
      quoteValidityDays: '15',
      quoteConditions: 'Tarifas sujetas a disponibilidad.\nNo incluye propinas.',
      emergencyContact: 'Guardia 24 h: +56 9 5555 0000',
    };
    const saved = await call('PUT', '/api/company/settings', { name: 'Viajes Australes', ...documents });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ ...documents, quoteValidityDays: 15 });
    for (const [body, message] of [
      [
        { quoteValidityDays: 0 },
        'La validez de la cotización debe ser un número entero de días entre 1 y 365',
      ],
      [
        { quoteValidityDays: 366 },
        'La validez de la cotización debe ser un número entero de días entre 1 y 365',
      ],
      [
        { quoteConditions: 'x'.repeat(4001) },
        'Las condiciones de la cotización no pueden superar 4000 caracteres',
      ],
      [{ emergencyContact: 5 }, 'El contacto de emergencia debe ser un texto'],
      [{ emergencyContact: 'a\u0000b' }, 'El texto contiene caracteres de control no permitidos'],
    ] as const) {
      const res = await call('PUT', '/api/company/settings', { name: 'X', ...body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('GET', '/api/company/settings')).json().data).toMatchObject({
      ...documents,
      quoteValidityDays: 15,
    });
  });

  it("keeps the documents' e-mail message, refusing unknown placeholders and control characters", async () => {
    const emailMessage = 'Hola {cliente}:\nVa {documento}.\n{EMPRESA}';
    const saved = await call('PUT', '/api/company/settings', { name: 'Viajes Australes', emailMessage });
    expect(saved.json().data.emailMessage).toBe(emailMessage);
    for (const [body, message] of [
      [
        { emailMessage: 'Hola {nombre} y {fecha}' },
        'Marcador desconocido {nombre}, {fecha}: usa {cliente}, {documento} o {empresa}',
      ],
      [{ emailMessage: 'x'.repeat(2001) }, 'El mensaje de los correos no puede superar 2000 caracteres'],
      [{ emailMessage: 7 }, 'El mensaje de los correos debe ser un texto'],
      [{ emailMessage: 'a\u0007b' }, 'El texto contiene caracteres de control no permitidos'],
    ] as const) {
      const res = await call('PUT', '/api/company/settings', { name: 'X', ...body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Left out, it keeps its value.
    await call('PUT', '/api/company/settings', { name: 'Viajes Australes' });
    expect((await call('GET', '/api/company/settings')).json().data.emailMessage).toBe(emailMessage);
  });
});
