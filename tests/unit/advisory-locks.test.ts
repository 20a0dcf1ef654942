import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../../src/server/db/advisory-locks';

describe('advisory lock keys', () => {
  it('gives every lock its own key', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is the key the sales-aggregates trigger takes in SQL', () => {
    const sql = readFileSync('migrations/0003_sales_aggregates.sql', 'utf8');
    expect(sql).toContain(`pg_advisory_xact_lock(${ADVISORY_LOCKS.salesAggregates})`);
  });
});
