import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Measurement } from './load';

/** docs/performance.md includes this file: one section per run, newest last. */
export const HISTORY_FILE = 'docs/bench-history.md';

const fmt = (n: number, digits = 1) => n.toLocaleString('es-CL', { maximumFractionDigits: digits });

/**
 * The commit measured, read when the run starts; "-modificado" when the working tree had changes
 * not committed.
 */
export function commitLabel(): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return dirty.trim() ? `${hash}-modificado` : hash;
  } catch {
    return 'desconocido';
  }
}

function table(title: string, rows: Measurement[]): string {
  const lines = [
    `**${title}**`,
    '',
    '| Llamada | Clientes | req/s | p50 ms | p95 ms | p99 ms | Errores | Carga (1 min) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (m) =>
        `| ${m.call} | ${m.connections} | ${fmt(m.requestsPerSecond, 0)} | ${fmt(m.p50)} | ${fmt(m.p95)} | ` +
        `${fmt(m.p99)} | ${m.failures} | ${fmt(m.load, 2)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** Appends this run's tables, with the commit, the size and the machine, to HISTORY_FILE. */
export function appendHistory(run: {
  commit: string;
  salesCount: number;
  seconds: number;
  results: Record<string, Measurement[]>;
}) {
  if (!existsSync(HISTORY_FILE))
    writeFileSync(HISTORY_FILE, '# Benchmark history\n\nWritten by `npm run bench`, one section per run.\n');
  const titles: Record<string, string> = {
    bare: 'Fastify sin nada',
    pglite: 'PGlite',
    postgres: 'PostgreSQL',
  };
  const sections = Object.entries(run.results).map(([backend, rows]) =>
    table(titles[backend] ?? backend, rows),
  );
  const header =
    `\n## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${run.commit}\n\n` +
    `${fmt(run.salesCount, 0)} ventas, ${run.seconds} s por medición, Node ${process.version}, ` +
    `${os.cpus().length} núcleos. La carga es la media de 1 minuto de la máquina al terminar cada medición.\n\n`;
  appendFileSync(HISTORY_FILE, header + sections.join('\n'));
}
