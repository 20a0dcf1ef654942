import type { FastifyRequest } from 'fastify';
import { DEFAULT_TIME_ZONE } from '../../domain/agency-day';

/*
 * The company's time zone lives in the company module, which shared helpers (exports) may not
 * import: app.ts hands it to them by decorating the instance with the module's cached reader.
 */
declare module 'fastify' {
  interface FastifyInstance {
    agencyTimeZone?: () => Promise<string>;
  }
}

/** The agency's IANA zone for this request (Santiago on an instance built without the company module). */
export function requestTimeZone(request: FastifyRequest): Promise<string> {
  return request.server.agencyTimeZone?.() ?? Promise.resolve(DEFAULT_TIME_ZONE);
}
