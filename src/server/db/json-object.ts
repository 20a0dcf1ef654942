import { Column, is, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * A JSON object written by PostgreSQL as text concatenation, for rows that Node sends as they are
 * (docs/decisions/0073, 0077). `json_build_object` looks up how to write each argument's type again on
 * every row and `json_strip_nulls` parses the result once more: on a list page of 20 sales they were
 * half of PostgreSQL's CPU. Here each value's form is chosen once, when the statement is built, from
 * its column's type: numbers as their text, text and dates through `to_json` (which escapes them),
 * times as JavaScript's `toISOString`. A nullable value's key is left out when it is null, as the
 * API's `absentWhenNull` fields ask.
 */

/** How a computed value (not a column) is written. */
export type JsonKind = 'number' | 'text' | 'time' | 'json';

/** A value SQL computes (not a column), with how to write it and whether it can be null. */
class JsonComputed {
  constructor(
    readonly value: SQL,
    readonly kind: JsonKind,
    readonly nullable: boolean,
  ) {}
}

export const computed = (value: SQL, kind: JsonKind, nullable = false) =>
  new JsonComputed(value, kind, nullable);

export type JsonField = AnyPgColumn | JsonComputed | JsonFields;
export interface JsonFields {
  readonly [key: string]: JsonField;
}

const NUMBER_COLUMNS = new Set(['PgInteger', 'PgSerial', 'PgSmallInt', 'PgBigInt53', 'PgNumeric']);
const TEXT_COLUMNS = new Set(['PgText', 'PgVarchar', 'PgDateString', 'PgDate']);
const TIME_COLUMNS = new Set(['PgTimestamp', 'PgTimestampString']);

function columnKind(column: Column): JsonKind {
  if (NUMBER_COLUMNS.has(column.columnType)) return 'number';
  if (TEXT_COLUMNS.has(column.columnType)) return 'text';
  if (TIME_COLUMNS.has(column.columnType)) return 'time';
  // A type not listed here needs a decision on its JSON form, not a guess.
  throw new Error(`json-object: la columna ${column.name} (${column.columnType}) no tiene forma JSON`);
}

/** The value as JSON text: never null unless the value is. */
function valueText(value: SQL | Column, kind: JsonKind): SQL {
  switch (kind) {
    case 'number':
      return sql`(${value})::text`;
    case 'text':
      return sql`to_json(${value})::text`;
    case 'json':
      return sql`(${value})`;
    case 'time':
      // Time as JavaScript's toISOString writes a Date read from the column: UTC, milliseconds (truncated).
      return sql`'"' || to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
  }
}

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** `"key":value` as text, or an empty text when a nullable value is null. */
function member(key: string, field: JsonField, comma: boolean): SQL {
  if (!KEY.test(key)) throw new Error(`json-object: clave no admitida ${key}`);
  const prefix = sql.raw(`'${comma ? ',' : ''}"${key}":'`);
  let text: SQL;
  let nullable: boolean;
  if (is(field, Column)) {
    text = valueText(field, columnKind(field));
    nullable = !field.notNull;
  } else if (field instanceof JsonComputed) {
    text = valueText(field.value, field.kind);
    nullable = field.nullable;
  } else {
    text = objectText(field as JsonFields);
    nullable = false;
  }
  return nullable ? sql`coalesce(${prefix} || ${text}, '')` : sql`${prefix} || ${text}`;
}

function objectText(fields: JsonFields): SQL {
  const entries = Object.entries(fields);
  const first = entries[0]?.[1];
  // The first member carries no comma, so it must always be there.
  if (!first || (is(first, Column) && !first.notNull) || (first instanceof JsonComputed && first.nullable)) {
    throw new Error('json-object: el primer campo de un objeto no puede ser nulo');
  }
  const members = entries.map(([key, field], index) => member(key, field, index > 0));
  return sql`('{' || ${sql.join(members, sql` || `)} || '}')`;
}

/** The object's JSON text, its keys in the order given. */
export const jsonObjectText = (fields: JsonFields): SQL<string> => objectText(fields) as SQL<string>;
