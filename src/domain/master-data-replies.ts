import { z } from 'zod';
import { paginationReplySchema } from './pagination';
import { absentWhenNull, dataReply, savedReply } from './replies';
import { TAX_TREATMENTS } from './tax-treatment';
import { travelDocumentReply } from './travel-document';

/** A client as the API shows it. */
export const clientReplySchema = z.object({
  id: z.number(),
  name: z.string(),
  clientId: absentWhenNull(z.string()),
  email: absentWhenNull(z.string()),
  address: absentWhenNull(z.string()),
  phone: absentWhenNull(z.string()),
  commune: absentWhenNull(z.string()),
  businessActivity: absentWhenNull(z.string()),
});
export type Client = z.infer<typeof clientReplySchema>;

/** A passenger as the API shows it; the birth date and the document's expiry as yyyy-mm-dd. */
export const passengerReplySchema = z.object({
  id: z.number(),
  name: z.string(),
  passengerId: z.string(),
  email: absentWhenNull(z.string()),
  dateOfBirth: z.string(),
  ...travelDocumentReply,
});
export type Passenger = z.infer<typeof passengerReplySchema>;

/** A supplier, operator or classification: only a name. */
export const catalogItemReplySchema = z.object({
  id: z.number(),
  name: z.string(),
  /**
   * Classifications only (docs/decisions/0056-exempt-taxable-and-pesos.md): 'exempt', 'taxable' or
   * 'byRegion'.
   */
  taxTreatment: z.enum(TAX_TREATMENTS).optional(),
});
export type CatalogItem = z.infer<typeof catalogItemReplySchema>;

/* One type per key when the key is a union (any catalog): each reply carries only its own key. */
type SearchReply<Many extends string, Record extends z.ZodType> = Many extends string
  ? z.ZodObject<{ [K in Many]: z.ZodArray<Record> }>
  : never;
type SavedReply<One extends string, Record extends z.ZodType> = One extends string
  ? ReturnType<typeof savedReply<One, Record>>
  : never;

/**
 * The replies of one master-data resource: a page `{ data, pagination }`, one record `{ data }`, the
 * pickers' search `{ clients: [...] }` and a save `{ message, client }`.
 */
export function masterDataReplies<One extends string, Many extends string, Record extends z.ZodType>(
  one: One,
  many: Many,
  record: Record,
) {
  return {
    page: z.object({ data: z.array(record), pagination: paginationReplySchema }),
    one: dataReply(record),
    search: z.object({ [many]: z.array(record) }) as SearchReply<Many, Record>,
    saved: savedReply(one, record) as SavedReply<One, Record>,
  };
}
