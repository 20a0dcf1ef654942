import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const LOCK_FILE = 'server.pid';
const CLAIM_PREFIX = `${LOCK_FILE}.claim-`;

/** The content of a lock or claim file: "<pid> <random token>"; the token makes every lock unique. */
interface Owner {
  pid: number;
  raw: string;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed server not yet reaped by its parent is a zombie: it answers signals but holds nothing.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** A file written by an older version may hold a bare PID, or nothing if it died while writing it. */
const isAlive = (owner: Owner) =>
  Number.isInteger(owner.pid) && owner.pid > 0 && owner.pid !== process.pid && processIsAlive(owner.pid);

function readOwner(file: string): Owner | null {
  try {
    const raw = readFileSync(file, 'utf8').trim();
    return { pid: Number(raw.split(' ')[0]), raw };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** link() fails when the target exists, so exactly one of many processes racing for a name gets it. */
function linkExclusive(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

const claimPath = (lockPath: string, owner: Owner) =>
  `${path.dirname(lockPath)}/${CLAIM_PREFIX}${owner.raw.replace(/[^\w]/g, '_')}`;

/**
 * The right to replace one dead owner's lock: the claim file named after that lock's content, which
 * only one process can create. A claim whose claimant died before finishing is claimed the same way.
 */
function claimStaleLock(lockPath: string, stale: Owner, mine: string): string | null {
  let target = stale;
  for (let depth = 0; depth < 8; depth++) {
    const claim = claimPath(lockPath, target);
    if (linkExclusive(mine, claim)) return claim;
    const claimant = readOwner(claim);
    if (!claimant || isAlive(claimant)) return null;
    target = claimant;
  }
  return null;
}

/**
 * Replaces a dead owner's lock with ours, atomically: the claimant re-checks that the lock still
 * holds the content it claimed, then renames its own file over it. Returns false when another
 * process got there first (the caller starts over and finds that process's PID).
 */
function takeOver(lockPath: string, stale: Owner, mine: string): boolean {
  const claim = claimStaleLock(lockPath, stale, mine);
  if (!claim) return false;
  if (readOwner(lockPath)?.raw !== stale.raw) {
    rmSync(claim, { force: true });
    return false;
  }
  renameSync(mine, lockPath);
  // Every claim left names a lock content that is gone now, so none of them can win anything.
  const dir = path.dirname(lockPath);
  for (const name of readdirSync(dir)) {
    if (name.startsWith(CLAIM_PREFIX)) rmSync(path.join(dir, name), { force: true });
  }
  return true;
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * PGlite is single-process: two servers on one data directory would corrupt it. The lock is a file
 * holding the owner's PID, written completely under a temporary name and then hard-linked into place,
 * so no process ever reads a half-written lock. A lock left by a killed process (kill -9) is taken
 * over, so a crash never needs manual repair (docs/decisions/0003).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const content = `${process.pid} ${randomBytes(8).toString('hex')}`;
  const mine = path.join(dataDir, `.${LOCK_FILE}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  writeFileSync(mine, `${content}\n`);
  const release = () => {
    if (readOwner(lockPath)?.raw === content) rmSync(lockPath, { force: true });
  };
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (linkExclusive(mine, lockPath)) return release;
      const owner = readOwner(lockPath);
      if (!owner) continue; // released meanwhile: try again at once
      if (isAlive(owner)) {
        throw new DataDirLockedError(
          `El directorio de datos ${dataDir} ya está en uso por otro servidor (PID ${owner.pid}). ` +
            'Detén ese proceso o usa otro DATA_DIR.',
        );
      }
      if (takeOver(lockPath, owner, mine)) return release;
      pause(10); // another process is taking the stale lock over: its PID will be the answer
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new DataDirLockedError(`No se pudo bloquear el directorio de datos ${dataDir}.`);
}
