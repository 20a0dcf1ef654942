// The certificate thread's entry. A worker thread inherits none of tsx's loaders (`npm start`'s
// --import, vitest's transform, the tsx CLI), so it registers tsx itself before loading the
// TypeScript body, as the backups' worker does (decision 0072). Plain JavaScript: it must load
// before any loader is in place.
import { register } from 'tsx/esm/api';

register();
await import('./certificate-thread-body.ts');
