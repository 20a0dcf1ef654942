// @vitest-environment node
import { describe, expect, it } from 'vitest';
import migration from '../../migrations/0003_sales_aggregates.sql?raw';
import { ADVISORY_LOCKS } from '../../src/server/db/advisory-locks';

describe('advisory lock keys', () => {
  it('gives every lock its own key', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is the key the sales-aggregates trigger takes in SQL', () => {
    expect(migration).toContain(`pg_advisory_xact_lock(${ADVISORY_LOCKS.salesAggregates})`);
  });
});
