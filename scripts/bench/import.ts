/**
 * `npx tsx scripts/bench/import.ts [--rows 20000] [--format csv|xlsx]`: how fast Importar takes a file of
 * clients (docs/decisions/0095-imports.md), on an in-memory PGlite migrated for the run. It checks the file
 * (dry run), imports it (every row created) and imports it again (every row unchanged), printing rows per
 * second for each. A benchmark: it asserts nothing.
 */
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { rutCheckDigit } from '../../src/domain/rut';
import { buildApp } from '../../src/server/app';
import { openPglite } from '../../src/server/db/client';
import { applyMigrations } from '../../src/server/db/migrations';
import { users } from '../../src/server/db/schema';
import { createSession } from '../../src/server/modules/auth';
import { hashPassword } from '../../src/server/modules/users';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '20000' }, format: { type: 'string', default: 'csv' } },
});
const rows = Number(args.rows);
const format = args.format === 'xlsx' ? 'xlsx' : 'csv';

function clientRows(): string[][] {
  return Array.from({ length: rows }, (_, i) => {
    const body = String(10_000_000 + i);
    return [`Cliente Ñandú ${i}`, `${body}-${rutCheckDigit(body)}`, `cliente${i}@ejemplo.cl`, 'Providencia'];
  });
}

async function fileOf(data: string[][]): Promise<{ payload: Buffer; type: string }> {
  const header = ['Nombre', 'ID/RUT', 'Email', 'Comuna'];
  if (format === 'csv') {
    const text = [header, ...data].map((r) => r.join(';')).join('\r\n');
    return { payload: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'), type: 'text/csv' };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clientes');
  sheet.addRow(header);
  for (const row of data) sheet.addRow(row);
  return {
    payload: Buffer.from(await workbook.xlsx.writeBuffer()),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

async function main() {
  const database = await openPglite(undefined);
  await applyMigrations(database.db);
  const app = await buildApp({ database, demo: false });
  await app.ready();
  const [admin] = await database.db
    .insert(users)
    .values({
      username: 'bench',
      email: 'bench@ejemplo.cl',
      role: 'admin',
      passwordHash: await hashPassword('x1234567'),
    })
    .returning();
  if (!admin) throw new Error('no admin');
  const headers = { authorization: `Bearer ${await createSession(database.db, admin.id)}` };
  const file = await fileOf(clientRows());
  console.log(
    `Importar: ${rows} clientes, ${format}, ${(file.payload.length / 1024 / 1024).toFixed(1)} MiB, PGlite en memoria`,
  );
  for (const [label, dryRun] of [
    ['revisar (dryRun)', true],
    ['importar (crea)', false],
    ['importar otra vez (sin cambios)', false],
  ] as const) {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/imports/clients?dryRun=${dryRun}`,
      headers: { ...headers, 'content-type': file.type },
      payload: file.payload,
    });
    const seconds = (performance.now() - started) / 1000;
    const { created, updated, unchanged } = res.json();
    console.log(
      `${label.padEnd(34)} ${res.statusCode}  ${seconds.toFixed(2)} s  ${Math.round(rows / seconds)} filas/s` +
        `  (creados ${created}, actualizados ${updated}, sin cambios ${unchanged})`,
    );
  }
  await app.close();
  await database.close();
}

await main();
