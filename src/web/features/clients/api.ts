import type { z } from 'zod';
import type { Client, clientSchema } from '../../../domain/master-data';
import { createResource, useDeleteMutation, useSaveMutation } from '../../api/resource';

export type ClientData = z.output<typeof clientSchema>;

const clientsResource = createResource<Client, ClientData>('clients', 'client');
export const clientKeys = clientsResource.keys;
export const clientListQuery = clientsResource.listQuery;
export const clientQuery = clientsResource.detailQuery;

export const useSaveClient = () => useSaveMutation(clientsResource);
export const useDeleteClient = () => useDeleteMutation(clientsResource);
