/**
 * `npx tsx scripts/write-latency.ts`: latency of sale creation and payment creation at one client on
 * PostgreSQL, through the real app (Fastify inject: routing, validation, service, database). Used for
 * the audit trail's cost in docs/performance.md: run it on a commit before and after the change.
 *
 * LATENCY_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/write_latency) is dropped and
 * re-created. Prints p50/p95 and mean per call over --runs sequential calls after a warm-up, and the
 * CPU per call of this process (the app runs in it) and of its PostgreSQL backends: on a loaded
 * machine the wall times say more about the neighbours, the CPU times much less.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openPostgres } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createSession } from '../src/server/modules/auth';
import { hashPassword } from '../src/server/modules/users';
import { backendCpu, backendPids } from './bench/cpu-time';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '300' } } });
const runs = Number(args.runs);
const url = new URL(process.env.LATENCY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/write_latency');

async function freshDatabase() {
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${url.pathname.slice(1)} with (force)`);
  await admin.query(`create database ${url.pathname.slice(1)}`);
  await admin.end();
}

function summary(name: string, times: number[], cpu: { node: number; pg: number }) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(2);
  const mean = (times.reduce((s, t) => s + t, 0) / times.length).toFixed(2);
  const per = (ms: number) => (ms / times.length).toFixed(2);
  console.log(
    `${name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, mean ${mean} ms (${times.length} calls); ` +
      `CPU per call: Node ${per(cpu.node)} ms, PostgreSQL ${per(cpu.pg)} ms`,
  );
}

async function main() {
  await freshDatabase();
  const database = await openPostgres(url.toString(), 10);
  await database.migrate();
  const app = await buildApp({ database, demo: false });
  await app.ready();
  const db = database.db;
  const [seller] = await db
    .insert(users)
    .values({
      username: 'lat',
      email: 'lat@test.cl',
      role: 'admin',
      passwordHash: await hashPassword('x1234567'),
    })
    .returning();
  if (!seller) throw new Error('no user');
  const headers = { authorization: `Bearer ${await createSession(db, seller.id)}` };
  const post = async (path: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: path, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const client = (await post('/api/clients', { name: 'Cliente Latencia' })).client;
  const supplier = (await post('/api/suppliers', { name: 'Proveedor Latencia' })).supplier;
  const operator = (await post('/api/operators', { name: 'Operador Latencia' })).operator;
  const classification = (await post('/api/classifications', { name: 'Clase Latencia' })).classification;
  const passenger = (
    await post('/api/passengers', { name: 'Pax Latencia', passengerId: 'LAT-1', dateOfBirth: '1990-01-01' })
  ).passenger;
  const saleBody = {
    saleData: {
      passengerName: 'Pax Latencia',
      clientId: client.id,
      travelDate: '2031-02-10',
      saleType: 'individual',
      serviceType: 'package',
      region: 'international',
      passengerCount: 1,
      sellerId: seller.id,
    },
    items: [1, 2].map((n) => ({
      classificationId: classification.id,
      supplierId: supplier.id,
      operatorId: operator.id,
      passengers: [passenger.id],
      salePrice: 500 + n,
      costPrice: 400,
    })),
  };
  const monitor = new pg.Client({ connectionString: url.toString() });
  await monitor.connect();
  /** Times `n` sequential calls, and the CPU they cost this process and the database's backends. */
  const timed = async (n: number, call: () => Promise<unknown>) => {
    const times: number[] = [];
    const pgCpu = backendCpu(await backendPids(monitor));
    const node = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    const used = process.cpuUsage(node);
    return { times, cpu: { node: (used.user + used.system) / 1000, pg: pgCpu() } };
  };
  const saleIds: number[] = [];
  const sell = async () => saleIds.push((await post('/api/sales', saleBody)).sale.id);
  await timed(50, sell);
  const sold = await timed(runs, sell);
  summary('POST /api/sales', sold.times, sold.cpu);
  let i = 0;
  const pay = () =>
    post('/api/payments', { saleId: saleIds[i++ % saleIds.length], date: '2031-01-05', amount: '10.25' });
  await timed(50, pay);
  const paid = await timed(runs, pay);
  summary('POST /api/payments', paid.times, paid.cpu);
  await monitor.end();
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
