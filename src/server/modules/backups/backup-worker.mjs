// The backups' worker entry. The server's code is TypeScript run through tsx (`npm start` registers
// it with --import, the tests through vitest, `npm run` commands through the tsx CLI), and a worker
// thread inherits none of those loaders, so it registers tsx for itself before loading the
// TypeScript body. Plain JavaScript: it must load before any loader is in place.
import { register } from 'tsx/esm/api';

register();
await import('./backup-thread-body.ts');
