/**
 * `npx tsx --expose-gc scripts/export-memory.ts [--sales 200000] [--lists payments,clients,sales]`:
 * what exporting the biggest lists costs the server (docs/performance.md, "Exports"). `sales` exports
 * the newest 200,000 sales (a creation-date filter), the size the export memory target is set for
 * (docs/decisions/0035-server-heap-limit.md). On PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/travel_bench_b), seeded with `seedLarge` when it has fewer sales.
 * Downloads the customer payments (and the clients) as .xlsx and CSV over real HTTP and reports time to first
 * byte, total time, size, the growth of the process's memory (RSS and heap, peak over the baseline), and the
 * latency of a small list call made every 50 ms during the export (is the server still answering?).
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openPostgres } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { seedDemoData } from '../src/server/demo/seed';
import { createSession } from '../src/server/modules/auth';
import { hashPassword } from '../src/server/modules/users';
import { seedLarge } from './seed-large';

const { values: args } = parseArgs({
  options: {
    sales: { type: 'string', default: '200000' },
    lists: { type: 'string', default: 'payments,clients' },
  },
});
const wanted = Number(args.sales);
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/travel_bench_b');
const MB = 1024 * 1024;

async function ensureDatabase() {
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  const name = url.pathname.slice(1);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
}

/** GET over HTTP, reading and dropping the body: time to first byte, total time and bytes. */
function download(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; ttfb: number; total: number; bytes: number }>((resolve, reject) => {
    const started = performance.now();
    let ttfb = 0;
    let bytes = 0;
    request(`${base}${path}`, { headers }, (res) => {
      res.on('data', (chunk: Buffer) => {
        if (!ttfb) ttfb = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, ttfb, total: performance.now() - started, bytes }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function main() {
  await ensureDatabase();
  const database = await openPostgres(url.toString(), 10);
  await database.migrate();
  const db = database.db;
  const count = async (table: string) =>
    Number(
      (
        (await db.execute(sql.raw(`select count(*) as n from ${table}`))) as unknown as {
          rows: { n: string }[];
        }
      ).rows[0]?.n ?? 0,
    );
  const n = await count('sales');
  if (n < wanted) {
    console.log(`Sembrando ${wanted} ventas (hay ${n})...`);
    await seedDemoData(db);
    await seedLarge(db, { sales: wanted });
  }
  const app = await buildApp({ database, demo: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const [admin] = await db
    .insert(users)
    .values({
      username: `export_${Date.now()}`,
      email: `export_${Date.now()}@bench.cl`,
      role: 'admin',
      passwordHash: await hashPassword('x1234567'),
    })
    .returning();
  if (!admin) throw new Error('no user');
  const headers = { authorization: `Bearer ${await createSession(db, admin.id)}` };
  console.log(`${await count('sales')} ventas, ${await count('payments')} pagos de clientes`);

  // Payments are the biggest list; clients (20,000) show whether the peak grows with the row count.
  const newest = (await db.execute(
    sql`select (creation_date at time zone 'UTC')::date::text as day from sales
        order by creation_date desc limit 1 offset 199999`,
  )) as unknown as { rows: Array<{ day: string }> };
  const paths: Record<string, string> = {
    payments: '/api/payments/export',
    clients: '/api/clients/export',
    sales: `/api/sales/export?createdFrom=${newest.rows[0]?.day ?? '2000-01-01'}`,
  };
  const exports = args.lists
    .split(',')
    .flatMap((list) => (['xlsx', 'csv'] as const).map((f) => [list, f] as const));
  for (const [list, format] of exports) {
    globalThis.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    // A small list call every 50 ms while the export runs: does the server keep answering?
    const latencies: number[] = [];
    let exporting = true;
    const prober = (async () => {
      while (exporting) {
        const started = performance.now();
        await download(base, '/api/clients?limit=10', headers);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const path = paths[list] ?? `/api/${list}/export`;
    const result = await download(base, `${path}${path.includes('?') ? '&' : '?'}format=${format}`, headers);
    exporting = false;
    await prober;
    clearInterval(sampler);
    globalThis.gc?.();
    const after = process.memoryUsage();
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    console.log(
      `${list} ${format}: HTTP ${result.status}, ${(result.bytes / MB).toFixed(1)} MB, ` +
        `primer byte ${result.ttfb.toFixed(0)} ms, total ${(result.total / 1000).toFixed(1)} s; ` +
        `memoria: RSS +${((peakRss - before.rss) / MB).toFixed(0)} MB (pico), ` +
        `heap +${((peakHeap - before.heapUsed) / MB).toFixed(0)} MB (pico), ` +
        `+${((after.heapUsed - before.heapUsed) / MB).toFixed(0)} MB tras GC; ` +
        `llamadas concurrentes: ${latencies.length}, p50 ${at(0.5).toFixed(0)} ms, ` +
        `p95 ${at(0.95).toFixed(0)} ms, máx ${at(1).toFixed(0)} ms`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
