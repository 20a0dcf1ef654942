import type { PgTable } from 'drizzle-orm/pg-core';
import { CSV } from './spreadsheets';
import type { TestContext } from './test-app';

/** The calls and files of the import tests (tests/api/imports/), in one place. */

/**
 * The import routes called as one user. The test app and the headers are read at each call, as a test
 * file creates them in its `beforeAll`, after these calls are defined.
 */
export function importCalls(app: () => TestContext, headers: () => Record<string, string>) {
  return {
    /** POST /api/imports/{kind}: the file as the raw body; written unless the query says dryRun=true. */
    send: (kind: string, file: Buffer | string, contentType = CSV, query = 'dryRun=false') =>
      app().app.inject({
        method: 'POST',
        url: `/api/imports/${kind}?${query}`,
        headers: { ...headers(), 'content-type': contentType },
        payload: file,
      }),
    get: (url: string) => app().app.inject({ method: 'GET', url, headers: headers() }),
    /** The rows of a table, read straight from the database. */
    countOf: async (table: PgTable) => (await app().db.select().from(table)).length,
  };
}
