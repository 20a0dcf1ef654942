import { z } from 'zod';

/** The formats every list exports to. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** `format` of every export route: exactly xlsx or csv. */
export const exportFormatParam = z.enum(EXPORT_FORMATS, 'El formato debe ser xlsx o csv');

/**
 * The query string of an export: the list's own filters (no page or limit: an export holds every
 * matching row) plus `format`; anything else is a 400.
 */
export const exportQuery = <Shape extends z.ZodRawShape>(filters: Shape) =>
  z.strictObject({ ...filters, format: exportFormatParam });

/**
 * The success reply of a route that sends a file (an export, a PDF): described by its content types.
 * Fastify does not serialize a stream or a buffer, so it is a description, not a schema.
 */
export const fileReply = (description: string, contentTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(
    contentTypes.map((type) => [type, { schema: z.any().meta({ type: 'string', format: 'binary' }) }]),
  ),
});

/** The success reply of every export route: the file in either format. */
export const exportFileReply = fileReply(
  'El archivo: .xlsx o CSV según `format`',
  Object.values(EXPORT_CONTENT_TYPES),
);
