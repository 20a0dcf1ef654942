// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isBaseCurrency, lastUpdatedText } from '../../src/web/features/company/rate-text';
import { DEFAULT_SECTION, parseSection, SECTIONS } from '../../src/web/features/company/sections';

describe('parseSection', () => {
  it('keeps an available section from the address', () => {
    expect(parseSection('rates')).toBe('rates');
    expect(parseSection('company')).toBe('company');
    expect(parseSection('users')).toBe('users');
  });

  it('falls back to the rates for a missing, unknown or coming-soon section', () => {
    expect(DEFAULT_SECTION).toBe('rates');
    expect(parseSection(null)).toBe('rates');
    expect(parseSection('nope')).toBe('rates');
    expect(parseSection('security')).toBe('rates');
    expect(parseSection('audit')).toBe('audit');
    expect(parseSection('commissions')).toBe('commissions');
    expect(parseSection('integrations')).toBe('rates');
  });

  it('lists the menu in the original order, Auditoría in place of Seguridad, Comisiones, integrations still to come', () => {
    expect(SECTIONS.map((s) => s.label)).toEqual([
      'Tasas de Cambio',
      'Información de la Empresa',
      'Usuarios y Permisos',
      'Auditoría',
      'Facturación Electrónica',
      'Comisiones',
      'Integraciones',
    ]);
    expect(SECTIONS.filter((s) => !s.available).map((s) => s.id)).toEqual(['integrations']);
  });
});

describe('rate texts', () => {
  it("shows the last update as the agency's day, or 'N/A' when there is none", () => {
    expect(lastUpdatedText('2026-03-05T23:30:00.000Z', 'America/Santiago')).toBe('05 mar 2026');
    // 00:07 UTC on the 28th is 21:07 on the 27th in Santiago.
    expect(lastUpdatedText('2026-11-28T00:07:00.000Z', 'America/Santiago')).toBe('27 nov 2026');
    expect(lastUpdatedText('2026-11-28T00:07:00.000Z', 'Europe/Madrid')).toBe('28 nov 2026');
    expect(lastUpdatedText(null, 'America/Santiago')).toBe('N/A');
  });

  it('knows USD is the base currency', () => {
    expect(isBaseCurrency({ currency: 'USD' })).toBe(true);
    expect(isBaseCurrency({ currency: 'EUR' })).toBe(false);
  });
});
