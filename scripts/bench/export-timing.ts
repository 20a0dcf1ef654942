import os from 'node:os';

/*
 * The sales export's time to first byte and total time (docs/decisions/0022-exports.md): not a call
 * autocannon can drive (one export reads thousands of rows), so each format is downloaded a few times, one
 * after another, and the median of each figure is printed.
 */

export interface ExportTiming {
  name: string;
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  load: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function download(url: string, token: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
  let firstByte: number | undefined;
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body) {
    firstByte ??= performance.now() - started;
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) newlines++;
  }
  return { firstByte: firstByte ?? NaN, total: performance.now() - started, bytes, newlines };
}

/** The sales created in the last 90 days, as CSV and as .xlsx, three downloads each. */
export async function exportTimings(url: string, token: string, runs = 3): Promise<ExportTiming[]> {
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const results: ExportTiming[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    const path = `/api/sales/export?format=${format}&createdFrom=${since}`;
    const measured = [];
    for (let i = 0; i < runs; i++) measured.push(await download(`${url}${path}`, token));
    const last = measured[measured.length - 1];
    results.push({
      name: `Exportación ${format} (90 días)`,
      // A CSV has one line per sale after its header; the .xlsx is compressed, so no count.
      rows: format === 'csv' && last ? last.newlines - 1 : NaN,
      bytes: last?.bytes ?? 0,
      firstByteMs: median(measured.map((m) => m.firstByte)),
      totalMs: median(measured.map((m) => m.total)),
      load: os.loadavg()[0] ?? 0,
    });
  }
  return results;
}

export function printExportTimings(timings: ExportTiming[]) {
  const fmt = (n: number, digits = 0) =>
    Number.isNaN(n) ? '-' : n.toLocaleString('es-CL', { maximumFractionDigits: digits });
  console.log(
    `\n${'Exportación'.padEnd(34)}${'Filas'.padStart(9)}${'KB'.padStart(9)}${'1.er byte ms'.padStart(14)}` +
      `${'Total ms'.padStart(10)}${'Carga'.padStart(8)}`,
  );
  for (const t of timings) {
    console.log(
      `${t.name.padEnd(34)}${fmt(t.rows).padStart(9)}${fmt(t.bytes / 1024).padStart(9)}` +
        `${fmt(t.firstByteMs, 1).padStart(14)}${fmt(t.totalMs).padStart(10)}${fmt(t.load, 2).padStart(8)}`,
    );
  }
}
