import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../helpers/test-app';

/**
 * Durability: the real server is killed with SIGKILL while a client writes sales and
 * payments; after a restart every write that got a 2xx is there, no sale lacks its items, and the
 * server starts without manual repair. PGlite in a data folder, or PostgreSQL in the api-postgres run.
 */
const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string | undefined;
let pgDatabase: TestDatabase | undefined;
let port = 0;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'fatal',
  };
  delete env.DATABASE_URL;
  if (pgDatabase?.url) env.DATABASE_URL = pgDatabase.url;
  // On PostgreSQL too: the generated secret-key file goes beside DATA_DIR, never into the checkout.
  env.DATA_DIR = dataDir;
  return spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: 'ignore',
    detached: true, // its own process group, so SIGKILL reaches tsx and the server alike
  });
}

const base = () => `http://127.0.0.1:${port}`;
async function adminHeaders() {
  const res = await fetch(`${base()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@viajes-demo.cl', password: 'admin123' }),
  });
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${(await json<{ token: string }>(res)).token}`,
  };
}
/** fetch's body is untyped; each call site names the shape it reads. */
async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

function kill(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Starts the server and waits until it answers. Like a process supervisor, it starts it again when
 * it exits first (a restart racing the end of the killed process finds the data folder still locked).
 */
async function startAndWait(): Promise<ChildProcess> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const child = startServer();
    let exited = false;
    child.on('exit', () => {
      exited = true;
    });
    for (let i = 0; i < 480 && !exited; i++) {
      try {
        if ((await fetch(`${base()}/api/health`)).ok) return child;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    kill(child);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the server did not start');
}

beforeAll(async () => {
  port = await freePort();
  if (process.env.TEST_DB_KIND === 'postgres') pgDatabase = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'crash-'));
});
afterAll(async () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await pgDatabase?.close();
});

describe('kill -9 while writing', () => {
  it('keeps every acknowledged write and never a half-written sale', { timeout: 180_000 }, async () => {
    let server = await startAndWait();
    let headers = await adminHeaders();
    // Clients and passengers page in the body, the catalogs reply a bare array
    // (docs/decisions/0044-catalog-shapes-cors-and-lost-connection.md).
    const first = async (p: string) => {
      const body = await json<{ data: { id: number }[] } | { id: number }[]>(
        await fetch(`${base()}${p}?limit=1`, { headers }),
      );
      return (Array.isArray(body) ? body : body.data)[0]?.id;
    };
    const refs = {
      clientId: await first('/api/clients'),
      classificationId: await first('/api/classifications'),
      supplierId: await first('/api/suppliers'),
      operatorId: await first('/api/operators'),
      passengerId: await first('/api/passengers'),
    };
    const item = {
      classificationId: refs.classificationId,
      supplierId: refs.supplierId,
      operatorId: refs.operatorId,
      passengers: [refs.passengerId],
      salePrice: 10,
      costPrice: 5,
    };
    const body = JSON.stringify({
      saleData: {
        passengerName: 'Prueba de caída',
        clientId: refs.clientId,
        travelDate: '2031-01-01',
        saleType: 'individual',
        serviceType: 'package',
        region: 'national',
        passengerCount: 1,
        sellerId: 1,
      },
      items: [item, item, item],
    });
    const sales: number[] = [];
    const payments: number[] = [];
    // Any answer but a 201 while the server is up is a failure of its own, not a write to skip.
    const refused: string[] = [];
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        try {
          const res = await fetch(`${base()}/api/sales`, { method: 'POST', headers, body });
          if (res.status !== 201) {
            refused.push(`sale ${res.status} ${await res.text()}`);
            continue;
          }
          const saleId = (await json<{ sale: { id: number } }>(res)).sale.id;
          sales.push(saleId);
          const paid = await fetch(`${base()}/api/payments`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ saleId, date: '2031-01-01', amount: 30 }),
          });
          if (paid.status === 201) payments.push((await json<{ payment: { id: number } }>(paid)).payment.id);
          else refused.push(`payment ${paid.status} ${await paid.text()}`);
        } catch {
          return; // the server is gone
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 2500));
    kill(server);
    stop = true;
    await writer;
    expect(refused).toEqual([]);
    expect(sales.length).toBeGreaterThan(5);
    // Every acknowledged sale but perhaps the last got its payment before the kill.
    expect(payments.length).toBeGreaterThanOrEqual(sales.length - 1);

    // Give the kernel a moment to reap the killed process, as any supervisor restart would.
    await new Promise((r) => setTimeout(r, 1000));
    server = await startAndWait();
    try {
      headers = await adminHeaders();
      for (const id of sales) {
        const res = await fetch(`${base()}/api/sales/${id}`, { headers });
        expect(res.status, `sale ${id}`).toBe(200);
        expect((await json<{ items: unknown[] }>(res)).items, `sale ${id}`).toHaveLength(3);
      }
      for (const id of payments) {
        const res = await fetch(`${base()}/api/payments/${id}`, { headers });
        expect(res.status, `payment ${id}`).toBe(200);
        expect((await json<{ payment: { amount: number } }>(res)).payment.amount).toBe(30);
      }
      // Every sale of the run, also those that committed without reaching the client, page by page:
      // none may lack its items.
      const seen = new Set<number>();
      for (let page = 1; ; page++) {
        const listed = await json<{ pagination: { totalPages: number }; sales: { id: number }[] }>(
          await fetch(`${base()}/api/sales?q=caida&limit=100&page=${page}`, { headers }),
        );
        for (const sale of listed.sales) {
          seen.add(sale.id);
          const detail = await json<{ items: unknown[] }>(
            await fetch(`${base()}/api/sales/${sale.id}`, { headers }),
          );
          expect(detail.items, `sale ${sale.id}`).toHaveLength(3);
        }
        if (page >= listed.pagination.totalPages) break;
      }
      expect(sales.filter((id) => !seen.has(id))).toEqual([]);
      expect(seen.size).toBeLessThanOrEqual(sales.length + 1);
    } finally {
      kill(server);
    }
  });
});
