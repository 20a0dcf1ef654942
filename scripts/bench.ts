/**
 * `npm run bench`: the performance benchmark. The bar: list, detail and stats p95 under 50 ms on
 * PostgreSQL at 32 clients (results and method in docs/performance.md).
 *
 * Seeds 200,000 sales (scripts/seed-large.ts) on PGlite and on PostgreSQL, starts the real server on
 * each, and drives the hot calls with autocannon at 1, 8 and 32 concurrent clients. Prints throughput
 * and p50/p95/p99 latency per call, and the authenticated sales list's throughput as a share of a
 * bare Fastify JSON route measured in the same run. A benchmark, not a test: it prints figures.
 *
 *   npm run bench -- [--sales 200000] [--seconds 5] [--connections 1,8,32]
 *                    [--backends pglite,postgres] [--fresh] [--calls cobranza,alertas,exportación]
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/travel_bench), a database
 * of its own that the bench drops and creates. PGlite: .tmp/bench/pglite.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hotCalls, login } from './bench/calls';
import { BENCH_POSTGRES_URL, preparePglite, preparePostgres, settleDatabase } from './bench/databases';
import { exportTimings, printExportTimings } from './bench/export-timing';
import { appendHistory, commitLabel, HISTORY_FILE } from './bench/history';
import { type Call, type Measurement, measure } from './bench/load';
import { type RunningServer, startApp, startBareFastify } from './bench/servers';

const TARGET_P95_MS = 50;
const BENCH_DIR = path.resolve('.tmp/bench');

const { values: args } = parseArgs({
  options: {
    sales: { type: 'string', default: '200000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,8,32' },
    backends: { type: 'string', default: 'pglite,postgres' },
    fresh: { type: 'boolean', default: false },
    /** Only the calls whose name contains one of these comma-separated words (case-insensitive). */
    calls: { type: 'string', default: '' },
  },
});
const salesCount = Number(args.sales);
const seconds = Number(args.seconds);
const connectionLevels = args.connections.split(',').map(Number);
const backends = args.backends.split(',');
const postgresUrl = process.env.BENCH_DATABASE_URL ?? BENCH_POSTGRES_URL;

/**
 * autocannon stops at the deadline, but the server still works through the requests it accepted;
 * the next measurement starts only when the server answers promptly again.
 */
async function settle(url: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${url}/api/health`).catch(() => undefined);
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function run(url: string, calls: Call[]): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const call of calls) {
    await measure(url, call, 4, 1); // warm-up: JIT, plan caches and the pool, not recorded
    for (const connections of connectionLevels) {
      const m = await measure(url, call, connections, seconds);
      results.push(m);
      printRow(m);
      await settle(url);
    }
  }
  return results;
}

const fmt = (n: number, digits = 1) => n.toLocaleString('es-CL', { maximumFractionDigits: digits });

function printHeader(title: string) {
  console.log(`\n${title}`);
  console.log(
    `${'Llamada'.padEnd(34)}${'Clientes'.padStart(9)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}` +
      `${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'Errores'.padStart(9)}${'Carga'.padStart(8)}`,
  );
}

function printRow(m: Measurement) {
  const miss = m.connections === 32 && m.p95 >= TARGET_P95_MS ? '  > 50 ms' : '';
  console.log(
    `${m.call.padEnd(34)}${String(m.connections).padStart(9)}${fmt(m.requestsPerSecond, 0).padStart(10)}` +
      `${fmt(m.p50).padStart(9)}${fmt(m.p95).padStart(9)}${fmt(m.p99).padStart(9)}${String(m.failures).padStart(9)}` +
      `${fmt(m.load, 2).padStart(8)}${miss}`,
  );
}

async function withServer<T>(start: () => Promise<RunningServer>, use: (s: RunningServer) => Promise<T>) {
  const server = await start();
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

async function benchBackend(backend: string, bare: Measurement[]): Promise<Measurement[] | undefined> {
  let database: { dataDir: string } | { databaseUrl: string };
  let seeded: number | undefined;
  console.log(`\nPreparando ${backend} con ${fmt(salesCount, 0)} ventas...`);
  if (backend === 'pglite') {
    const dataDir = path.join(BENCH_DIR, 'pglite');
    seeded = await preparePglite(dataDir, salesCount, args.fresh);
    database = { dataDir };
  } else if (backend === 'postgres') {
    const prepared = await preparePostgres(postgresUrl, salesCount, args.fresh);
    if (!prepared.reachable) {
      console.log(`PostgreSQL no responde en ${postgresUrl}: se omite (defina BENCH_DATABASE_URL).`);
      return undefined;
    }
    seeded = prepared.seconds;
    database = { databaseUrl: postgresUrl };
  } else {
    throw new Error(`Motor desconocido: ${backend} (use pglite o postgres)`);
  }
  console.log(
    seeded === undefined ? 'Datos ya sembrados: se reutilizan.' : `Sembrado en ${fmt(seeded, 0)} s.`,
  );
  return withServer(
    () => startApp(database),
    async (server) => {
      if ('databaseUrl' in database) {
        // After the server's start-up (its migrations may have rewritten tables).
        console.log('VACUUM ANALYZE y espera de autovacuum antes de medir...');
        await settleDatabase(database.databaseUrl);
      }
      const filters = args.calls.toLowerCase().split(',').filter(Boolean);
      const calls = (await hotCalls(server.url)).filter(
        (c) => !filters.length || filters.some((f) => c.name.toLowerCase().includes(f)),
      );
      printHeader(
        `${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${fmt(salesCount, 0)} ventas, ${seconds} s por medición`,
      );
      const results = await run(server.url, calls);
      printRatio(results, bare);
      if (!filters.length || filters.some((f) => 'exportación'.includes(f))) {
        printExportTimings(
          await exportTimings(server.url, await login(server.url, 'admin@viajes-demo.cl', 'admin123')),
        );
      }
      return results;
    },
  );
}

function printRatio(results: Measurement[], bare: Measurement[]) {
  for (const b of bare) {
    const list = results.find(
      (m) => m.call === 'Lista de ventas (admin, pág. 1)' && m.connections === b.connections,
    );
    if (!list) continue;
    const share = (100 * list.requestsPerSecond) / b.requestsPerSecond;
    console.log(
      `Lista autenticada / ruta JSON de Fastify sin nada, ${b.connections} clientes: ` +
        `${fmt(list.requestsPerSecond, 0)} / ${fmt(b.requestsPerSecond, 0)} req/s = ${fmt(share)} %`,
    );
  }
}

async function main() {
  const commit = commitLabel();
  console.log(
    `Node ${process.version}; mediciones de ${seconds} s con ${connectionLevels.join(', ')} clientes.`,
  );
  const bare = await withServer(startBareFastify, async (server) => {
    printHeader('Referencia: Fastify sin nada, GET / → {"hello":"world"}');
    return run(server.url, [{ name: 'Fastify sin nada', path: () => '/' }]);
  });
  const all: Record<string, Measurement[]> = { bare };
  for (const backend of backends) {
    const results = await benchBackend(backend, bare);
    if (results) all[backend] = results;
  }
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = path.join(BENCH_DIR, `resultados-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ salesCount, seconds, node: process.version, results: all }, null, 2));
  console.log(`\nResultados en ${path.relative(process.cwd(), file)}`);
  appendHistory({ commit, salesCount, seconds, results: all });
  console.log(`Historial: ${HISTORY_FILE}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? String(error.cause ?? error) : error);
  process.exit(1);
});
