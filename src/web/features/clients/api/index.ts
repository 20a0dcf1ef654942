import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReplyOf } from '../../../../domain/api/endpoint';
import { clientsApi } from '../../../../domain/api/master-data';
import type { clientSchema } from '../../../../domain/master-data';
import { compactId } from '../../../../domain/rut';
import { queryCall } from '../../../api/client';
import { createResource } from '../../../api/resource';

export type ClientData = z.output<typeof clientSchema>;

export const clientsResource = createResource(clientsApi);

/**
 * Clients whose ID/RUT is the same as `id` once dots, dashes and spaces are removed, other than the
 * client `exceptId` being edited. The server's search already ignores those characters.
 */
export function useClientsWithSameId(id: string, exceptId?: number) {
  const compact = compactId(id);
  return useQuery({
    queryKey: [...clientsResource.keys.all, 'same-id', compact],
    queryFn: queryCall(clientsApi.search, { query: { q: id } }),
    // A few characters match too many IDs to be a duplicate worth mentioning.
    enabled: compact.length >= 5,
    select: ({ clients }: ReplyOf<typeof clientsApi.search>) =>
      clients.filter((c) => c.id !== exceptId && c.clientId && compactId(c.clientId) === compact),
  });
}

/** Saved IDs/RUTs that break the server's rules (admin only): wrong check digits and shared IDs. */
export function useClientIdProblems() {
  return useQuery({
    queryKey: [...clientsResource.keys.all, 'id-problems'],
    queryFn: queryCall(clientsApi.idProblems),
  });
}
