// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { agencyTimestamp } from '../../src/domain/agency-day';

describe('agencyTimestamp', () => {
  it("writes the agency's clock as the SII's timestamps do, in summer and winter time", () => {
    // Santiago is UTC-3 in November (summer time) and UTC-4 in July.
    expect(agencyTimestamp('America/Santiago', new Date('2026-11-24T21:30:05Z'))).toBe('2026-11-24T18:30:05');
    expect(agencyTimestamp('America/Santiago', new Date('2026-07-01T03:59:59Z'))).toBe('2026-06-30T23:59:59');
    expect(agencyTimestamp('UTC', new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01T00:00:00');
  });
});
