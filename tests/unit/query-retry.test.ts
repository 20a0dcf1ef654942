// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError } from '../../src/web/api/client';
import { retryDelay, shouldRetry } from '../../src/web/api/query-client';

describe('query retries', () => {
  it('never retries a 4xx and retries a 5xx once, quickly, so the error shows within 3 s', () => {
    expect(shouldRetry(0, new ApiError('Sale not found', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('HTTP 500: Internal Server Error', 500))).toBe(true);
    expect(shouldRetry(1, new ApiError('HTTP 500: Internal Server Error', 500))).toBe(false);
    expect(retryDelay(0, new ApiError('HTTP 503: Service Unavailable', 503))).toBeLessThan(1000);
  });

  it('keeps retrying a request that got no answer, with growing pauses', () => {
    const lost = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, lost))).toEqual([true, true, true, false]);
    expect([0, 1, 2].map((n) => retryDelay(n, lost))).toEqual([500, 1000, 2000]);
  });

  it('retries a lost connection but not a request that hung until the timeout', () => {
    expect(shouldRetry(0, new ConnectionError(false))).toBe(true);
    expect(shouldRetry(0, new ConnectionError(true))).toBe(false);
  });
});
