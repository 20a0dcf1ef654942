import { z } from 'zod';
import { pathIdSchema } from '../input';

/** `/:id` of a route on one record. */
export const idParams = z.object({ id: pathIdSchema() });
