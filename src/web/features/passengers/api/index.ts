import type { z } from 'zod';
import { passengersApi } from '../../../../domain/api/master-data';
import type { passengerSchema } from '../../../../domain/master-data';
import { createResource } from '../../../api/resource';

export type PassengerData = z.output<typeof passengerSchema>;

export const passengersResource = createResource(passengersApi);
