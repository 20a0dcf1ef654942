import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../src/server/db/client';
import { codeMigrations } from '../../../src/server/db/migrations';
import { lastBackupTime, verifyBackupFile, writeBackup } from '../../../src/server/modules/backups';
import { migrationsCopy } from '../../helpers/scratch-databases';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'respaldo-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `npm run backup` / `restore`'s entry file as the script does; resolves with its exit and output.
 * Neither this machine's database nor its secret key reaches it unless a test passes them.
 */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const { DATABASE_URL: _unused, SECRET_KEY: _key, ...base } = process.env;
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/server/${script}.ts`, ...args],
      { env: { ...base, ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
  });
}

describe('npm run backup and npm run restore', () => {
  it('say in one line that a running server holds the PGlite folder', async () => {
    const dataDir = path.join(dir, 'ocupado');
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    const holder: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/helpers/lock-contender.ts'],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    try {
      const answers = createInterface({ input: holder.stdout as NodeJS.ReadableStream })[
        Symbol.asyncIterator
      ]();
      holder.stdin?.write(`lock ${dataDir}\n`);
      let answer = await answers.next();
      if (answer.value === 'ready') answer = await answers.next();
      expect(answer.value).toBe('won');
      const result = await run('backup', [], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr.split('\n')).toEqual([
        expect.stringMatching(
          /^No se puede respaldar: un servidor en marcha tiene abierta la base de .*ocupado/,
        ),
      ]);
    } finally {
      holder.kill();
    }
  });

  it('refuse a damaged file without creating the target folder, and say how to call them', async () => {
    const damaged = path.join(dir, 'dañado.ndjson.gz');
    writeFileSync(damaged, Buffer.from('1f8b0800000000000003aabbcc', 'hex'));
    const fresh = path.join(dir, 'nuevo');
    const bad = await run('restore', [damaged, '--data-dir', fresh], {});
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/El respaldo está dañado.*No se cambió nada/);
    expect(existsSync(fresh)).toBe(false);

    const { code, stderr } = await run('restore', ['--data-dir', fresh], {});
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Uso: npm run restore -- ARCHIVO/);
  });
});

describe('npm run restore on a new machine', () => {
  it('needs the secret key of the server that made the backup, given with --secret-key-file', {
    timeout: 120_000,
  }, async () => {
    // Its DATA_DIR has no secret-key beside it: only the copied key file can prove the backup.
    const machine = path.join(dir, 'equipo-nuevo');
    const sourceKey = 'clave-secreta-del-servidor-de-origen';
    const source = await openPglite(undefined);
    let file: string;
    try {
      await source.migrate();
      await source.db.execute(sql`insert into classifications (name) values ('Aéreo')`);
      file = (await writeBackup(source, { dir: machine, file: 'traido.ndjson.gz', secretKey: sourceKey }))
        .path;
    } finally {
      await source.close();
    }
    const keyFile = path.join(machine, 'secret-key-del-origen');
    writeFileSync(keyFile, `${sourceKey}\n`);
    const otherKeyFile = path.join(machine, 'otra-clave');
    writeFileSync(otherKeyFile, 'clave-secreta-de-otro-servidor\n');
    const env = { DATA_DIR: path.join(machine, 'data') };
    const target = path.join(machine, 'restaurada');

    const none = await run('restore', [file, '--data-dir', target], env);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^Falta la clave secreta con que se firmó el respaldo: .*--secret-key-file/);
    const other = await run('restore', [file, '--data-dir', target, '--secret-key-file', otherKeyFile], env);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/^El respaldo está firmado con otra clave secreta/);
    expect(existsSync(target)).toBe(false);

    const right = await run('restore', [file, '--data-dir', target, '--secret-key-file', keyFile], env);
    expect(right.stderr).toBe('');
    expect(right.code).toBe(0);
    expect(right.stdout).toMatch(/classifications: 1 = 1/);
    expect(right.stdout).toMatch(/Cadena de auditoría verificada/);
  });
});

describe('a backup killed while it is written', () => {
  it('leaves no file under a backup name, and nothing counts as the last backup', {
    timeout: 120_000,
  }, async () => {
    const dataDir = path.join(dir, 'matado');
    const backupDir = path.join(dir, 'respaldos-matado');
    mkdirSync(backupDir);
    const database = await openPglite(path.join(dataDir, 'pglite'));
    await database.migrate();
    // Enough rows that the dump is still being written when the process is killed.
    await database.db.execute(
      sql`insert into clients (name, email) select 'Cliente ' || n, 'c' || n || '@ejemplo.cl' from generate_series(1, 40000) n`,
    );
    await database.close();

    const target = path.join(backupDir, 'respaldo-matado.ndjson.gz');
    const { DATABASE_URL: _unused, ...base } = process.env;
    const backup = spawn(process.execPath, ['--import', 'tsx', 'src/server/backup.ts', '--out', target], {
      env: { ...base, DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => backup.once('exit', resolve));
    // Killed the moment its hidden `.partial` file appears, as a power cut would.
    const watcher = watch(backupDir, (_event, name) => {
      if (name?.endsWith('.partial')) backup.kill('SIGKILL');
    });
    try {
      expect(await exited).toBe(null);
    } finally {
      watcher.close();
    }
    const left = readdirSync(backupDir);
    expect(left.some((name) => name.endsWith('.partial'))).toBe(true);
    expect(left.filter((name) => !name.startsWith('.'))).toEqual([]);
    expect(await lastBackupTime(backupDir)).toBeNull();
  });
});

describe('starting the server on a database the previous release made', () => {
  it('backs it up into BACKUP_DIR before migrating, and serves once migrated', {
    timeout: 120_000,
  }, async () => {
    const previous = migrationsCopy({ drop: 1 });
    const dataDir = path.join(dir, 'anterior');
    const backupDir = path.join(dir, 'respaldos-al-migrar');
    try {
      const older = await openPglite(path.join(dataDir, 'pglite'));
      await older.migrate({ migrationsFolder: previous.folder });
      await older.close();
      const { DATABASE_URL: _unused, ...base } = process.env;
      const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...base,
          DATA_DIR: dataDir,
          BACKUP_DIR: backupDir,
          PORT: '0',
          HOST: '127.0.0.1',
          DEMO_DATA: 'false',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const lines = createInterface({ input: server.stdout as NodeJS.ReadableStream });
        for await (const line of lines) if (line.includes('Back office de agencia de viajes en')) break;
      } finally {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      const files = readdirSync(backupDir).filter((name) => name.endsWith('.ndjson.gz'));
      expect(files).toHaveLength(1);
      // Signed with the key the server generated beside its data directory.
      const secretKey = readFileSync(path.join(dir, 'secret-key'), 'utf8').trim();
      const manifest = await verifyBackupFile(path.join(backupDir, files[0] as string), { secretKey });
      expect(manifest.migration.tag).toBe(codeMigrations(previous.folder).at(-1)?.tag);
    } finally {
      previous.remove();
    }
  });
});
