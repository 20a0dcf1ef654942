// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../../src/domain/dates';

describe('toIsoDate', () => {
  it('reads yyyy-mm-dd, a full ISO timestamp and dd/mm/yyyy as the same day', () => {
    for (const text of [
      '2026-12-31',
      ' 2026-12-31 ',
      '2026-12-31T00:00:00.000Z',
      '2026-12-31T23:59',
      '2026-12-31T10:00:00-03:00',
      '31/12/2026',
    ]) {
      expect(toIsoDate(text), text).toBe('2026-12-31');
    }
  });

  it('refuses trailing text, an impossible day or time, and other layouts', () => {
    for (const text of [
      '2026-12-31 garbage',
      '2026-12-31 00:00',
      '2026-12-31T',
      '2026-12-31T24:00',
      '2026-12-31Tx',
      '2026-02-30',
      '31/12/2026x',
      '31-12-2026',
      '2026/12/31',
      '',
    ]) {
      expect(toIsoDate(text), text).toBeNull();
    }
  });
});
