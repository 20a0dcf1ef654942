import type { z } from 'zod';

/**
 * A field of a record the user types (a sale, an item), declared once: everything else about it (the
 * request schema, the reply schema, the form's values, the stored columns, the audit snapshot and its
 * wording, the export) is derived from the declarations (docs/decisions/0049-sale-fields-declared-once.md).
 */
export interface FieldSpec {
  /** The form's and the request's validation, with its Spanish messages. */
  input: z.ZodType;
  /** What every reply shows; a null is left out of the JSON (`absentWhenNull`). */
  reply: z.ZodType;
  /** The field in the audit trail's sentences: "cambió el nombre del pasajero". */
  audit: string;
}

/** The field's column in an export, or null when the export leaves it out. */
export interface ExportSpec {
  header: string;
  /**
   * text, date, number: the value as it is; label: an enum's Spanish label; record: an id of another
   * record, which the export shows by that record's own columns (the export says which).
   */
  kind: 'text' | 'date' | 'number' | 'label' | 'record';
}

export type FieldSpecs = Record<string, FieldSpec>;

/** The declared fields' names, in the declaration's order, typed as the keys they are. */
export const fieldNames = <Specs extends FieldSpecs>(specs: Specs) =>
  Object.keys(specs) as Array<keyof Specs & string>;

/** One part of every declaration, by field: the zod shape of the inputs, of the replies, ... */
export function specPart<Specs extends FieldSpecs, Part extends keyof FieldSpec>(
  specs: Specs,
  part: Part,
): { [K in keyof Specs]: Specs[K][Part] } {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, spec[part]])) as {
    [K in keyof Specs]: Specs[K][Part];
  };
}

/** The named entries of a record, in the names' order (a field list applied to a row or a table). */
export function pick<Row extends object, Key extends keyof Row>(
  row: Row,
  keys: readonly Key[],
): Pick<Row, Key> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<Row, Key>;
}
