/**
 * `npx tsx scripts/dump-schema.ts`: writes docs/schema.sql, the schema in force after every migration
 * (tables, indexes, the current body of each function, triggers), built from the catalogs of a fresh
 * in-memory PGlite migrated as the server migrates (src/server/db/schema-text.ts). Run it after adding
 * a migration; tests/api/platform/schema-snapshot.test.ts fails while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../src/server/db/client';
import { schemaText } from '../src/server/db/schema-text';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/schema.sql');

const handle = await openPglite(undefined);
try {
  await handle.migrate();
  const text = await schemaText(handle.db);
  writeFileSync(target, text);
  console.log(`${path.relative(process.cwd(), target)}: ${text.split('\n').length} lines`);
} finally {
  await handle.close();
}
