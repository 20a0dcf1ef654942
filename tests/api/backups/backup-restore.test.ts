import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrationsIn, codeMigrations } from '../../../src/server/db/migrations';
import {
  BackupError,
  restoreBackup,
  verifyBackupFile,
  writeBackup,
} from '../../../src/server/modules/backups';
import {
  allRows,
  emptyPostgres,
  rewriteHeader,
  sequenceStates,
  TEST_SECRET_KEY,
  testKeys,
} from '../../helpers/backups';
import { createSaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, openTestDatabase, type TestContext } from '../../helpers/test-app';

// age's scrypt at its default cost takes seconds per use in pure JS; the format is the same.
const FAST_SCRYPT = 10;

let ctx: TestContext;
let dir: string;
let plainFile: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = mkdtempSync(path.join(tmpdir(), 'respaldos-'));
  const refs = await createSaleRefs(ctx, 'resp');
  const headers = await ctx.auth('admin');
  for (const [price, description] of [
    ['1500.55', 'Paquete "Madrid"\nlínea dos, ñandú €'],
    ['0.01', 'Un centavo'],
    ['123456789.99', 'Grande'],
  ]) {
    // The first is a draft with a kept quote: a PDF's bytes (bytea) go through the backup too.
    const body = saleBody(refs, ctx.users.sales.id, {
      saleData: { status: price === '1500.55' ? 'draft' : 'confirmed' },
    });
    Object.assign(body.items[0] as object, { salePrice: price, description });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/sales', headers, payload: body });
    expect(res.statusCode).toBe(201);
    if (price === '1500.55') {
      const quote = await ctx.app.inject({
        method: 'POST',
        url: `/api/sales/${res.json().sale.id}/quotes`,
        headers,
        payload: {},
      });
      expect(quote.statusCode, quote.body).toBe(201);
    }
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers,
      payload: { saleId: res.json().sale.id, date: '2031-01-05', amount: '0.01', method: 'cash' },
    });
    expect(pay.statusCode).toBe(201);
  }
  plainFile = (await writeBackup(ctx.database, { dir, secretKey: TEST_SECRET_KEY })).path;
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh copy of the migrated, empty database of this project's kind. */
async function withEmptyTarget<T>(use: (target: Awaited<ReturnType<typeof openTestDatabase>>) => Promise<T>) {
  const target = await openTestDatabase();
  try {
    return await use(target);
  } finally {
    await target.close();
  }
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('no falló'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as Error).message;
}

describe('a backup and its restore', () => {
  it('restores every row of every table, the sequences and the audit chain into an empty database', async () => {
    const manifest = await verifyBackupFile(plainFile, testKeys);
    expect(manifest.databaseKind).toBe(ctx.database.kind);
    expect(manifest.rowCounts.sales).toBe(3);
    expect(manifest.rowCounts.sale_items).toBe(3);
    expect(manifest.rowCounts.payments).toBe(3);
    expect(manifest.rowCounts.sale_quotes).toBe(1);
    expect(manifest.rowCounts.document_counters).toBe(1);
    expect(manifest.rowCounts.audit_log).toBeGreaterThan(6);
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(manifest.payloadSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);

    const source = await allRows(ctx.db);
    expect(source.sales).toHaveLength(3);
    expect(source.sales_daily?.length).toBeGreaterThan(0);
    await withEmptyTarget(async (target) => {
      const report = await restoreBackup(target, plainFile, testKeys);
      expect(report.audit).toEqual({ ok: true, checked: manifest.rowCounts.audit_log });
      expect(report.counts.find((c) => c.table === 'sales')).toEqual({
        table: 'sales',
        expected: 3,
        actual: 3,
      });
      expect(await allRows(target.db)).toEqual(source);
      expect(await sequenceStates(target.db)).toEqual(await sequenceStates(ctx.db));
    });
  });

  it('encrypts with a passphrase (age) and refuses a missing or wrong one', async () => {
    const written = await writeBackup(ctx.database, {
      dir,
      file: 'cifrado.ndjson.gz.age',
      passphrase: 'clave correcta',
      scryptWorkFactor: FAST_SCRYPT,
      secretKey: TEST_SECRET_KEY,
    });
    expect(readFileSync(written.path).subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(readFileSync(written.path).includes(Buffer.from('ñandú'))).toBe(false);
    expect(await refusal(verifyBackupFile(written.path, testKeys))).toMatch(
      /está cifrado: define BACKUP_PASSPHRASE/,
    );
    expect(await refusal(verifyBackupFile(written.path, { ...testKeys, passphrase: 'otra clave' }))).toMatch(
      /contraseña del respaldo no es correcta/,
    );
    expect(
      (await verifyBackupFile(written.path, { ...testKeys, passphrase: 'clave correcta' })).rowCounts,
    ).toEqual((await verifyBackupFile(plainFile, testKeys)).rowCounts);
  });

  it('detects a flipped byte anywhere and a truncated file, plain or encrypted', async () => {
    const encrypted = (
      await writeBackup(ctx.database, {
        dir,
        file: 'c2.age',
        passphrase: 'x',
        scryptWorkFactor: FAST_SCRYPT,
        secretKey: TEST_SECRET_KEY,
      })
    ).path;
    for (const [file, passphrase] of [
      [plainFile, undefined],
      [encrypted, 'x'],
    ] as const) {
      const bytes = readFileSync(file);
      for (const at of [5, 9, 200, Math.floor(bytes.length / 2), bytes.length - 3]) {
        const flipped = Buffer.from(bytes);
        flipped[at] = (flipped[at] ?? 0) ^ 0x10;
        writeFileSync(path.join(dir, 'dañado'), flipped);
        expect(
          await refusal(verifyBackupFile(path.join(dir, 'dañado'), { ...testKeys, passphrase })),
        ).toMatch(/dañado|incompleto/);
      }
      writeFileSync(path.join(dir, 'cortado'), bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      expect(await refusal(verifyBackupFile(path.join(dir, 'cortado'), { ...testKeys, passphrase }))).toMatch(
        /incompleto|cortado/,
      );
    }
  });

  it('refuses a non-empty target and leaves it unchanged', async () => {
    const before = await allRows(ctx.db);
    expect(await refusal(restoreBackup(ctx.database, plainFile, testKeys))).toMatch(
      /no está vacía.*No se cambió nada/,
    );
    expect(await allRows(ctx.db)).toEqual(before);
  });

  it('refuses a backup from a newer version, and a corrupt one, before touching the target', async () => {
    const newer = path.join(dir, 'nuevo.ndjson.gz');
    rewriteHeader(
      plainFile,
      newer,
      (header) => {
        header.migration = { tag: '9999_futuro', when: 9_999_999_999_999, hash: 'x' };
      },
      TEST_SECRET_KEY,
    );
    const cut = path.join(dir, 'corto.ndjson.gz');
    writeFileSync(cut, readFileSync(plainFile).subarray(0, 300));
    await withEmptyTarget(async (target) => {
      const empty = await allRows(target.db);
      expect(await refusal(restoreBackup(target, newer, testKeys))).toMatch(/versión más nueva.*9999_futuro/);
      expect(await refusal(restoreBackup(target, cut, testKeys))).toMatch(/incompleto|dañado/);
      expect(await allRows(target.db)).toEqual(empty);
    });
  });

  it('leaves no file when the disk fills up during a backup', async () => {
    const full = mkdtempSync(path.join(tmpdir(), 'lleno-'));
    let written = 0;
    const error = await refusal(
      writeBackup(ctx.database, {
        dir: full,
        secretKey: TEST_SECRET_KEY,
        createSink: () =>
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              written += chunk.length;
              if (written < 2000) return done();
              done(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
            },
          }),
      }),
    );
    expect(error).toMatch(/No queda espacio en disco/);
    expect(readdirSync(full)).toEqual([]);
    rmSync(full, { recursive: true, force: true });
  });
});

// Needs both kinds: only when the suite has a PostgreSQL (CI always does); not a skipped test otherwise.
if (process.env.TEST_DATABASE_URL)
  describe('a backup from the previous migration', () => {
    it('restores at its own migration, then applies the newer ones', async () => {
      const migrations = codeMigrations();
      const previous = migrations.at(-2);
      if (!previous) throw new Error('at least two migrations');
      const source = await emptyPostgres();
      const target = await emptyPostgres();
      try {
        await source.db.transaction((tx) => applyMigrationsIn(tx, (m) => m.when <= previous.when));
        await source.db.execute(sql`insert into classifications (name) values ('Aéreo antiguo')`);
        const file = (
          await writeBackup(source, { dir, file: 'anterior.ndjson.gz', secretKey: TEST_SECRET_KEY })
        ).path;
        expect((await verifyBackupFile(file, testKeys)).migration.tag).toBe(previous.tag);
        const report = await restoreBackup(target, file, testKeys);
        expect(report.migrationsBefore.at(-1)).toBe(previous.tag);
        expect(report.migrationsAfter).toEqual([migrations.at(-1)?.tag]);
        const rows = await allRows(target.db);
        expect(rows.classifications?.[0]).toContain('Aéreo antiguo');
        expect(rows['drizzle.__drizzle_migrations']).toHaveLength(migrations.length);
      } finally {
        await source.close();
        await target.close();
      }
    });
  });
