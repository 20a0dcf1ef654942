/**
 * CPU per request, on a machine shared with other work: wall-clock figures then say more about the
 * neighbours than about the app, but the CPU time the server's process and its PostgreSQL backends
 * spend per request does not depend on them (much). Also counts the transactions (one per statement
 * outside explicit transactions) that PostgreSQL committed per request.
 *
 *   BENCH_DATABASE_URL=postgres://.../travel_bench_x npx tsx scripts/bench/cpu-cost.ts \
 *     [--calls lista,detalle] [--requests 1000] [--concurrency 4]
 *
 * The database must have been seeded by `npm run bench` first. BENCH_CPU_PROF=<folder> also writes
 * the server's CPU profile (scripts/bench/profile-summary.ts reads it).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hotCalls } from './calls';
import { backendCpu, backendPids, cpuMs } from './cpu-time';
import type { Call } from './load';
import { startApp } from './servers';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: 'lista,mis ventas,detalle,panel,piso' },
    requests: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '4' },
  },
});
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/travel_bench';
async function commits(client: pg.Client): Promise<number> {
  // Backends report their counters at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1200));
  const { rows } = await client.query<{ n: string }>(
    'select xact_commit as n from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]?.n ?? 0);
}

async function drive(base: string, call: Call, requests: number, concurrency: number) {
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < requests) {
      next++;
      const response = await fetch(`${base}${call.path()}`, {
        method: call.method ?? 'GET',
        headers: {
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
          ...(call.body ? { 'content-type': 'application/json' } : {}),
        },
        body: call.body,
      });
      await response.arrayBuffer();
      if (!response.ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

async function main() {
  const requests = Number(args.requests);
  const concurrency = Number(args.concurrency);
  const filters = args.calls.toLowerCase().split(',').filter(Boolean);
  const server = await startApp({ databaseUrl: url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // What any request costs on this host: the public health check, one `select 1` and no session.
    const floor: Call = { name: 'Salud: select 1 (piso)', path: () => '/api/health' };
    const calls = [...(await hotCalls(server.url)), floor].filter((c) =>
      filters.some((f) => c.name.toLowerCase().includes(f)),
    );
    console.log(
      `${requests} peticiones por llamada, ${concurrency} a la vez; carga ${os.loadavg()[0]?.toFixed(1)}`,
    );
    console.log(
      `${'Llamada'.padEnd(34)}${'Node ms'.padStart(9)}${'PG ms'.padStart(9)}${'Total ms'.padStart(10)}${'Trans.'.padStart(8)}${'Errores'.padStart(9)}`,
    );
    for (const call of calls) {
      await drive(server.url, call, Math.min(200, requests), concurrency); // warm-up: JIT, plans, pool
      const pids = await backendPids(client);
      const before = { node: cpuMs(server.pid), pg: backendCpu(pids), commits: await commits(client) };
      const failures = await drive(server.url, call, requests, concurrency);
      const node = (cpuMs(server.pid) - before.node) / requests;
      const pgMs = before.pg() / requests;
      // Minus the reading of the counter itself.
      const transactions = ((await commits(client)) - before.commits - 1) / requests;
      console.log(
        `${call.name.padEnd(34)}${node.toFixed(2).padStart(9)}${pgMs.toFixed(2).padStart(9)}` +
          `${(node + pgMs).toFixed(2).padStart(10)}${transactions.toFixed(2).padStart(8)}${String(failures).padStart(9)}`,
      );
    }
  } finally {
    await client.end();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
