import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'respaldo-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run backup` / `restore`'s entry file as the script does; resolves with its exit and stderr. */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    const { DATABASE_URL: _unused, ...base } = process.env;
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/server/${script}.ts`, ...args],
      { env: { ...base, ...env }, timeout: 60_000 },
      (error, _stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stderr: stderr.trim() }),
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
