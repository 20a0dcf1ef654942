import os from 'node:os';
import autocannon from 'autocannon';

/** One hot call of the benchmark: how to build each request. */
export interface Call {
  name: string;
  method?: 'GET' | 'POST';
  /** Called for every request, so detail and search can vary their path. */
  path: () => string;
  token?: string;
  body?: string;
}

export interface Measurement {
  call: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses outside 2xx, socket errors and timeouts: a fast error must not pass for a fast call. */
  failures: number;
  /**
   * The machine's 1-minute load average at the end of the measurement: on a shared machine a figure
   * means little without it (2 cores: above ~2, other work competed for the CPU).
   */
  load: number;
}

/** Nearest-rank percentile of latencies already sorted ascending. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/**
 * Drives one call with `connections` clients for `seconds`, or until `stop` settles when it comes
 * first (a measurement while a backup runs lasts as long as the backup). Latencies are collected per
 * response (autocannon's own summary has no p95).
 */
export async function measure(
  baseUrl: string,
  call: Call,
  connections: number,
  seconds: number,
  stop?: Promise<unknown>,
) {
  const headers: Record<string, string> = {};
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.body) headers['content-type'] = 'application/json';
  const latencies: number[] = [];
  const options: autocannon.Options = {
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        method: call.method ?? 'GET',
        headers,
        body: call.body,
        setupRequest: (request) => ({ ...request, path: call.path() }),
      },
    ],
  };
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    stop?.then(
      () => instance.stop(),
      () => instance.stop(),
    );
  });
  const elapsed = stop ? (performance.now() - started) / 1000 : seconds;
  latencies.sort((a, b) => a - b);
  const measurement: Measurement = {
    call: call.name,
    connections,
    requestsPerSecond: result.requests.total / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: result.non2xx + result.errors + result.timeouts,
    load: os.loadavg()[0] ?? 0,
  };
  return measurement;
}
