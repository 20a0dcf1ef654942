import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaText } from '../../../src/server/db/schema-text';
import { openTestDatabase, type TestDatabase } from '../../helpers/test-app';

/**
 * docs/schema.sql is the schema in force after every migration (docs/database.md): the text built
 * from this file's migrated database must be the checked-in one. It runs on both projects and the
 * text is the same on PGlite (PostgreSQL 17) and on a PostgreSQL server (15 or newer): the builder
 * sorts in the "C" collation, lists extensions without their versions and prints definitions with
 * the catalog's own functions, which both engines format alike.
 */
const SCHEMA_FILE = path.resolve('docs/schema.sql');

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The first line where the two texts part, with a few lines around it from each. */
function firstDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  let line = 0;
  while (line < want.length && line < got.length && want[line] === got[line]) line++;
  const around = (lines: string[]) =>
    lines
      .slice(Math.max(0, line - 2), line + 3)
      .map((text, index) => `    ${Math.max(0, line - 2) + index + 1}: ${text}`)
      .join('\n');
  return `first difference at line ${line + 1}\n  docs/schema.sql:\n${around(want)}\n  migrated database:\n${around(got)}`;
}

describe('docs/schema.sql', () => {
  it('is the schema the migrations build', async () => {
    const actual = await schemaText(database.db);
    const checkedIn = readFileSync(SCHEMA_FILE, 'utf8');
    if (actual !== checkedIn)
      expect.fail(
        'docs/schema.sql is not the schema the migrations build: run `npm run db:schema` ' +
          `and commit the result (${database.kind}; ${firstDifference(checkedIn, actual)})`,
      );
  });
});
