import os from 'node:os';
import { cpuMs } from './cpu-time';
import { percentile } from './load';

/*
 * Timing of calls that autocannon cannot drive at a fixed rate (each one generates a document, issues
 * a DTE or needs its own record): run one after another, and the nearest-rank percentiles printed with
 * the machine's load beside them, as the bench's rows are.
 */

export interface Timing {
  name: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** CPU ms the server's process spent per call (PostgreSQL's not counted): what the neighbours move least. */
  serverCpu: number;
  /** 1-minute load average when the timing ended (2 cores: above ~2, other work competed). */
  load: number;
}

export const loadAverage = () => os.loadavg()[0] ?? 0;

export const fmt = (n: number, digits = 1) =>
  Number.isNaN(n) ? '-' : n.toLocaleString('es-CL', { maximumFractionDigits: digits });

/**
 * `once(i)` for i = 0..count-1, one at a time after `warmUp` untimed calls (JIT, fonts, plans), with
 * the CPU that the server's process `serverPid` spent meanwhile.
 */
export async function timeEach(
  name: string,
  serverPid: number,
  count: number,
  once: (i: number) => Promise<void>,
  warmUp = 3,
): Promise<Timing> {
  for (let i = 0; i < warmUp; i++) await once(count + i);
  const cpuBefore = cpuMs(serverPid);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await once(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    count,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? Number.NaN,
    serverCpu: (cpuMs(serverPid) - cpuBefore) / count,
    load: loadAverage(),
  };
}

export function printTimingHeader(title: string) {
  console.log(`\n${title}`);
  console.log(
    `${'Medición'.padEnd(44)}${'n'.padStart(6)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}` +
      `${'máx. ms'.padStart(9)}${'CPU ms'.padStart(8)}${'Carga'.padStart(8)}`,
  );
}

export function printTiming(t: Timing, note = '') {
  console.log(
    `${t.name.padEnd(44)}${String(t.count).padStart(6)}${fmt(t.p50).padStart(9)}${fmt(t.p95).padStart(9)}` +
      `${fmt(t.max).padStart(9)}${fmt(t.serverCpu).padStart(8)}${fmt(t.load, 2).padStart(8)}${note ? `  ${note}` : ''}`,
  );
}

/** A figure that is not a latency (messages per second, minutes), with the load beside it. */
export function printFigure(name: string, value: string) {
  console.log(`${name.padEnd(44)}${value.padStart(24)}${fmt(loadAverage(), 2).padStart(8)}`);
}

/** GET or POST with the bench's token; throws on anything but 2xx, so a fast error never passes. */
export async function call(
  url: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  body?: object,
): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
  return response;
}
