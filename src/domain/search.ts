import { z } from 'zod';

/*
 * Global search (docs/product.md#global-search): one box in the layout that finds sales, clients, passengers
 * and, for admins, suppliers. The server decides what each role may find; the web only shows the groups.
 */

/** The kinds of record found, in the order their groups are listed. */
export const SEARCH_RESULT_TYPES = ['sale', 'client', 'passenger', 'supplier'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** Group headings of the results. */
export const SEARCH_GROUP_LABELS: Record<SearchResultType, string> = {
  sale: 'Ventas',
  client: 'Clientes',
  passenger: 'Pasajeros',
  supplier: 'Proveedores',
};

/** At most this many records of each kind: enough to pick from, few enough to read at a glance. */
export const SEARCH_LIMIT_PER_TYPE = 5;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

export const searchQuerySchema = z.strictObject({
  q: z
    .string('Escribe qué buscar')
    .trim()
    .min(SEARCH_MIN_LENGTH, `La búsqueda debe tener al menos ${SEARCH_MIN_LENGTH} caracteres`)
    .max(SEARCH_MAX_LENGTH, `La búsqueda no puede superar ${SEARCH_MAX_LENGTH} caracteres`),
});

export const searchResultSchema = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  id: z.number().int(),
  label: z.string(),
  detail: z.string(),
  /** The web route that opens the record. */
  url: z.string(),
});
export const searchReplySchema = z.object({ results: z.array(searchResultSchema) });

export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchReply = z.infer<typeof searchReplySchema>;
