import { createInterface } from 'node:readline';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock';

/**
 * A process that competes for a data-directory lock on command, for tests/api/platform/data-dir-lock.test.ts.
 * Lines on stdin: "lock <dir>" answers "won" or "locked"; "release" gives the lock back.
 * It stays alive between commands, so a winner keeps holding its lock while the others try.
 */
let release: (() => void) | undefined;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, dir] = line.split(' ');
  if (command === 'lock' && dir) {
    try {
      release = lockDataDir(dir);
      console.log('won');
    } catch (error) {
      console.log(error instanceof DataDirLockedError ? 'locked' : `error ${String(error)}`);
    }
  } else if (command === 'release') {
    release?.();
    release = undefined;
    console.log('released');
  }
});
console.log('ready');
