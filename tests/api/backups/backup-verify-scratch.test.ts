import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../../src/server/modules/backups';
import { verifyByRestoring } from '../../../src/server/modules/backups/verify-restore';
import { TEST_SECRET_KEY, testKeys } from '../../helpers/backups';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/*
 * A verification restores the file into a scratch PGlite: in memory for a small backup, in a folder on
 * disk for a large one (a 1,000,000-sale agency's takes gigabytes). The server's own backups in the other
 * tests are small; this one goes both ways with the same file.
 */

let ctx: TestContext;
let dir: string;
let file: string;
beforeAll(async () => {
  ctx = await createTestContext({ secretKey: TEST_SECRET_KEY });
  dir = mkdtempSync(path.join(tmpdir(), 'respaldos-verificados-'));
  file = (await writeBackup(ctx.database, { dir, secretKey: TEST_SECRET_KEY })).path;
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('verifying a written backup', () => {
  it('restores it on disk when it is over the in-memory size, and in memory otherwise, with the same counts', async () => {
    const onDisk = mkdtempSync(path.join(dir, '.verificacion-'));
    const fromDisk = await verifyByRestoring(file, testKeys, onDisk, 0);
    // The scratch database was written in the folder (PGlite's data folder holds `base/`).
    expect(readdirSync(onDisk)).toContain('base');
    const inMemory = mkdtempSync(path.join(dir, '.verificacion-'));
    const fromMemory = await verifyByRestoring(file, testKeys, inMemory);
    expect(readdirSync(inMemory)).toEqual([]);
    expect(fromMemory).toEqual(fromDisk);
    expect(fromDisk.users).toBeGreaterThan(0);
  });
});
