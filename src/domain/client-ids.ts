import { z } from 'zod';

/*
 * Replies about clients' ID/RUT (docs/decisions/0042-server-refuses-wrong-input.md): the 409 of a create or
 * edit whose ID another client already has, and the admin's list of saved IDs that break the rules (saved
 * before the server enforced them, docs/decisions/0042).
 */

const clientRef = z.object({ id: z.number(), name: z.string() });
const clientWithId = clientRef.extend({ clientId: z.string() });

/**
 * 409 of a client's create or update: the message and, when the ID is another client's, that client
 * (`existing`) for a link to it. Other conflicts (a concurrent edit) carry no `existing`.
 */
export const clientConflictReplySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  existing: clientRef.optional(),
});
export type ClientConflictReply = z.infer<typeof clientConflictReplySchema>;

/** GET /api/clients/id-problems: RUTs with a wrong check digit, and IDs shared by several clients. */
export const clientIdProblemsReplySchema = z.object({
  invalid: z.array(clientWithId),
  duplicates: z.array(z.object({ key: z.string(), clients: z.array(clientWithId) })),
});
export type ClientIdProblems = z.infer<typeof clientIdProblemsReplySchema>;
