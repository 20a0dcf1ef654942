import { request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendExport } from '../../../src/server/lib/export';

/** The export library on a real socket: backpressure, and a client that disconnects stops the reading. */
describe('streaming', () => {
  // In .xlsx, rows go through ExcelJS's zip, which heeds no backpressure of its own (writers.ts).
  it.each(['csv', 'xlsx'] as const)('%s: a client that disconnects stops the reading', async (format) => {
    const server = Fastify();
    let batchesRead = 0;
    let finished = false;
    async function* endless() {
      try {
        for (;;) {
          batchesRead++;
          yield Array.from({ length: 1000 }, (_, i) => ({ n: i, text: 'x'.repeat(200) }));
        }
      } finally {
        finished = true;
      }
    }
    server.get('/file', (request, reply) =>
      sendExport(request, reply, {
        format,
        fileName: 'prueba',
        columns: [
          { header: 'N', kind: 'number', value: (r: { n: number; text: string }) => r.n },
          { header: 'Texto', kind: 'text', value: (r) => r.text },
        ],
        batches: endless(),
      }),
    );
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => {
      const req = request(`${address}/file`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.end();
    });
    await expect.poll(() => finished, { timeout: 5000 }).toBe(true);
    const readWhenStopped = batchesRead;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(batchesRead).toBe(readWhenStopped);
    // Backpressure: an endless list was not read ahead of a client that never read past the start.
    expect(batchesRead).toBeLessThan(50);
    await server.close();
  });
});
