import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The PGlite data-directory lock (docs/decisions/0003) raced by many processes at once: in every
 * round exactly one of them may get it, whether the directory is free or holds a stale lock.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const CONTENDERS = 20;
// A free directory needs many rounds to catch a non-atomic create (the window is microseconds).
const FREE_ROUNDS = 40;
const STALE_ROUNDS = 10;

class Contender {
  readonly child: ChildProcess;
  private waiting: ((line: string) => void)[] = [];
  readonly ready: Promise<string>;

  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/lock-contender.ts'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: this.child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => this.waiting.shift()?.(line));
    this.ready = this.next();
  }

  private next(): Promise<string> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  send(command: string): Promise<string> {
    const answer = this.next();
    this.child.stdin?.write(`${command}\n`);
    return answer;
  }
}

let contenders: Contender[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  contenders = Array.from({ length: CONTENDERS }, () => new Contender());
  await Promise.all(contenders.map((c) => c.ready));
}, 120_000);
afterAll(() => {
  for (const c of contenders) c.child.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lock-race-'));
  dirs.push(dir);
  return dir;
}

/** The PID of a process that has already exited: a lock holding it is stale. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '']).pid;
  if (!pid) throw new Error('no pid');
  return pid;
}

/** All contenders ask at once; exactly one wins, the rest are told the directory is in use. */
async function race(dir: string) {
  const answers = await Promise.all(contenders.map((c) => c.send(`lock ${dir}`)));
  const winners = contenders.filter((_, i) => answers[i] === 'won');
  expect(answers.filter((a) => a !== 'won' && a !== 'locked')).toEqual([]);
  expect(winners).toHaveLength(1);
  const winner = winners[0] as Contender;
  const lockFile = path.join(dir, 'server.pid');
  expect(Number(readFileSync(lockFile, 'utf8').split(' ')[0])).toBe(winner.child.pid);
  // Nothing but the lock is left behind: no temporary files, no claims.
  expect(readdirSync(dir)).toEqual(['server.pid']);
  expect(await winner.send('release')).toBe('released');
  expect(existsSync(lockFile)).toBe(false);
}

describe(`${CONTENDERS} processes taking one data-directory lock at once`, () => {
  it('exactly one wins on a free directory', { timeout: 60_000 }, async () => {
    for (let round = 0; round < FREE_ROUNDS; round++) await race(freshDir());
  });

  it('exactly one takes over a lock left by a dead process', { timeout: 60_000 }, async () => {
    for (let round = 0; round < STALE_ROUNDS; round++) {
      const dir = freshDir();
      writeFileSync(path.join(dir, 'server.pid'), String(deadPid()));
      await race(dir);
    }
  });

  it('exactly one wins when the lock and a claim on it were both left by dead processes', {
    timeout: 60_000,
  }, async () => {
    for (let round = 0; round < STALE_ROUNDS; round++) {
      const dir = freshDir();
      const stale = `${deadPid()} 0123456789abcdef`;
      writeFileSync(path.join(dir, 'server.pid'), stale);
      writeFileSync(path.join(dir, `server.pid.claim-${stale.replace(' ', '_')}`), `${deadPid()} fedcba`);
      await race(dir);
    }
  });

  it('a live owner keeps the lock against every contender', async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'server.pid'), String(process.pid));
    const answers = await Promise.all(contenders.map((c) => c.send(`lock ${dir}`)));
    expect(answers).toEqual(contenders.map(() => 'locked'));
    expect(readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
  });
});
