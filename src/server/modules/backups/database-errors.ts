import { DrizzleQueryError } from 'drizzle-orm';
import { pgErrorCode } from '../../lib/http-errors';

interface DatabaseErrorNames {
  constraint?: string;
  column?: string;
}

/**
 * Why PostgreSQL or PGlite refused a statement, without the data (decision 0080). Both put values in
 * `message` ('invalid input syntax for type integer: "…"'), `detail` ('Failing row contains (…)',
 * 'Key (email)=(…)') and `where`, and drizzle's error quotes the statement with its parameters, a
 * restore's being the rows themselves, password hashes included. Only the SQLSTATE and the names of a
 * constraint or a column are the schema's, so only they are said.
 */
export function databaseReason(error: unknown): string {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  const code = pgErrorCode(cause);
  if (code === undefined) {
    // Not the database's answer (a lost connection, PGlite out of memory): its words hold no row.
    return cause instanceof Error ? cause.message : 'error desconocido de la base de datos';
  }
  const { constraint, column } = cause as DatabaseErrorNames;
  if (code === '23505') return `repite un valor único que ya tiene otra fila (restricción ${constraint})`;
  if (code === '23503') return `se refiere a una fila que no existe (restricción ${constraint})`;
  if (code === '23502') return `no tiene el valor obligatorio de la columna ${column}`;
  if (code === '23514') return `no cumple la regla ${constraint}`;
  if (code.startsWith('22'))
    return `tiene un valor que no es válido para su columna${column ? ` ${column}` : ''} (código ${code})`;
  return `la base de datos la rechazó (código ${code})`;
}
