import type { z } from 'zod';
import type { Passenger, passengerSchema } from '../../../domain/master-data';
import { createResource } from '../../api/resource';

export type PassengerData = z.output<typeof passengerSchema>;

export const passengersResource = createResource<Passenger, PassengerData>('passengers', 'passenger');
