import type { z } from 'zod';
import type { Passenger, passengerSchema } from '../../../domain/master-data';
import { createResource, useDeleteMutation, useSaveMutation } from '../../api/resource';

export type PassengerData = z.output<typeof passengerSchema>;

const passengersResource = createResource<Passenger, PassengerData>('passengers', 'passenger');
export const passengerKeys = passengersResource.keys;
export const passengerListQuery = passengersResource.listQuery;
export const passengerQuery = passengersResource.detailQuery;

export const useSavePassenger = () => useSaveMutation(passengersResource);
export const useDeletePassenger = () => useDeleteMutation(passengersResource);
