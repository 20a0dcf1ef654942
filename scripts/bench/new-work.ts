/**
 * `npm run bench:new-work`: what the features after the hot reads cost (docs/performance.md, "New work
 * measured"): the quote, receipt and itinerary PDFs, a DTE issued and signed, the e-mail outbox draining to a
 * local SMTP server, and backups (the commands, and the server's own with the sales list measured meanwhile).
 * Runs on the bench's PostgreSQL database (seeded as `npm run bench` seeds it; reused when it has the size).
 * A benchmark: it prints figures, with the machine's load beside each, and asserts nothing.
 *
 *   BENCH_DATABASE_URL=postgres://.../bench_x npm run bench:new-work -- [--sales 20000] [--seconds 10]
 *     [--count 50] [--messages 1000] [--only pdf,dte,outbox,backup,commands] [--verify-minutes M]
 *     [--fresh]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startSmtp } from '../../tests/helpers/smtp';
import { commandTimings, serverBackupTiming } from './backup-timing';
import { login } from './calls';
import { BENCH_POSTGRES_URL, preparePostgres, settleDatabase } from './databases';
import { dteTiming } from './dte-timing';
import { commitLabel } from './history';
import type { Call, Measurement } from './load';
import { outboxTiming } from './outbox-timing';
import { pdfFigures, saleIds } from './pdf-timing';
import { startApp } from './servers';
import { call, fmt, loadAverage, printFigure, printTiming, printTimingHeader } from './timing';

const BENCH_DIR = path.resolve('.tmp/bench');

const { values: args } = parseArgs({
  options: {
    sales: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '10' },
    count: { type: 'string', default: '50' },
    messages: { type: 'string', default: '1000' },
    only: { type: 'string', default: 'pdf,dte,outbox,backup,commands' },
    /** Ends the measurement during the server's verification after this long (it is then stopped). */
    'verify-minutes': { type: 'string', default: 'Infinity' },
    fresh: { type: 'boolean', default: false },
  },
});
const sales = Number(args.sales);
const seconds = Number(args.seconds);
const count = Number(args.count);
const parts = new Set(args.only.split(','));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? BENCH_POSTGRES_URL;

/** A sales list row as the bench prints it, with the p95 against the idle one when given. */
function printList(m: Measurement, idle?: Measurement) {
  const ratio = idle ? `  ${fmt(m.p95 / idle.p95, 2)}× reposo` : '';
  console.log(
    `${m.call.padEnd(60)}${fmt(m.requestsPerSecond, 0).padStart(7)} req/s  p50 ${fmt(m.p50)}  p95 ${fmt(m.p95)} ms` +
      `  carga ${fmt(m.load, 2)}${ratio}`,
  );
}

async function sellerId(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select id from users where email = 'ventas@viajes-demo.cl'`,
    );
    if (!rows[0]) throw new Error('No está el vendedor de la demostración (ventas@viajes-demo.cl)');
    return rows[0].id;
  } finally {
    await client.end();
  }
}

async function main() {
  const results: Record<string, unknown> = { commit: commitLabel(), sales, seconds, count };
  console.log(`Nuevo trabajo, commit ${results.commit}, Node ${process.version}`);
  console.log(`Preparando PostgreSQL con ${fmt(sales, 0)} ventas...`);
  const prepared = await preparePostgres(databaseUrl, sales, args.fresh);
  if (!prepared.reachable) throw new Error(`PostgreSQL no responde en ${databaseUrl}`);
  if (prepared.seconds !== undefined) console.log(`Sembrado en ${fmt(prepared.seconds, 0)} s.`);
  const smtp = await startSmtp();
  const backupDir = path.join(BENCH_DIR, 'respaldos');
  const server = await startApp(
    { databaseUrl },
    {
      BACKUP_DIR: backupDir,
      SMTP_URL: smtp.url,
      SECRET_KEY: 'clave-del-banco-de-pruebas-0123456789',
    },
  );
  try {
    console.log('VACUUM ANALYZE y espera de autovacuum antes de medir...');
    await settleDatabase(databaseUrl);
    const token = await login(server.url, 'admin@viajes-demo.cl', 'admin123');
    const list: Call = {
      name: 'Lista de ventas (pág. 1, 1 cliente)',
      path: () => '/api/sales?page=1&limit=20',
      token,
    };

    if (parts.has('pdf')) {
      const pdfs = await pdfFigures(server.url, server.pid, databaseUrl, token, list, { count, seconds });
      printTimingHeader('Documentos PDF (objetivo: p95 < 200 ms)');
      for (const t of pdfs.timings) printTiming(t, t.p95 < 200 ? '' : '> 200 ms');
      printList(pdfs.listAlone);
      printList(pdfs.listWithPdfs, pdfs.listAlone);
      results.pdf = pdfs;
    }
    if (parts.has('dte')) {
      const dte = await dteTiming(server.url, server.pid, token, await sellerId(), count);
      printTimingHeader('Factura electrónica (objetivo: p95 < 300 ms)');
      printTiming(dte, dte.p95 < 300 ? '' : '> 300 ms');
      results.dte = dte;
    }
    if (parts.has('outbox')) {
      const [draft] = await saleIds(databaseUrl, 'draft', 1);
      const quote = await call(`${server.url}/api/sales/${draft}/quote.pdf`, token, 'GET');
      const outbox = await outboxTiming(
        databaseUrl,
        server.pid,
        smtp,
        Buffer.from(await quote.arrayBuffer()),
        Number(args.messages),
      );
      console.log(`\nCorreo: ${outbox.count} mensajes en cola (con la cotización en PDF) a un SMTP local`);
      printFigure(
        'Vaciado de la cola',
        `${fmt(outbox.perSecond)} mensajes/s (${fmt(outbox.seconds)} s, CPU ${fmt(outbox.serverCpu)} ms c/u)`,
      );
      results.outbox = outbox;
    }
    if (parts.has('backup')) {
      const backup = await serverBackupTiming(
        server.url,
        token,
        list,
        seconds,
        Number(args['verify-minutes']),
      );
      console.log(
        `\nRespaldo del servidor (POST /api/backups): ${backup.status}${backup.error ? ` (${backup.error})` : ''}`,
      );
      printFigure('Escrito', `${fmt(backup.writeSeconds / 60, 2)} min`);
      printFigure(
        backup.status === 'running' ? 'Verificación aún en curso tras' : 'Escrito y verificado',
        `${fmt(backup.seconds / 60, 2)} min`,
      );
      printList(backup.listIdle);
      printList(backup.listWriting, backup.listIdle);
      printList(backup.listVerifying, backup.listIdle);
      results.backup = backup;
    }
    if (parts.has('commands')) {
      const commands = await commandTimings(databaseUrl, backupDir);
      console.log('\nComandos (npm run backup / restore, toda la base)');
      printFigure(
        'npm run backup',
        `${fmt(commands.backupSeconds / 60, 2)} min, ${fmt(commands.bytes / 1048576)} MB`,
      );
      printFigure('npm run restore (base nueva)', `${fmt(commands.restoreSeconds / 60, 2)} min`);
      results.commands = commands;
    }
  } finally {
    await server.stop();
    await smtp.stop();
  }
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = path.join(BENCH_DIR, `nuevo-trabajo-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ ...results, loadAtEnd: loadAverage() }, null, 2));
  console.log(`\nResultados en ${path.relative(process.cwd(), file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
