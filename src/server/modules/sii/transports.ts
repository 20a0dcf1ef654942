import { boletaClient } from './boleta-client';
import { siiClient, type UploadInput } from './client';
import { type SiiEnvironment, siiBoletaEndpoints, siiEndpoints } from './endpoints';
import {
  boletaStatusOutcome,
  boletaUploadOutcome,
  type Outcome,
  statusOutcome,
  uploadOutcome,
} from './outcome';
import type { SiiSigner } from './protocol';

/** Boletas (afecta, exenta) go to the SII's boleta service; every other DTE to the factura one. */
export const BOLETA_TYPES: ReadonlySet<number> = new Set([39, 41]);

/** One of the SII's services, as the outbox's worker uses either (docs/decisions/0102). */
export interface SiiTransport {
  /** Which service and host: the token cache's key (with the holder), so each has its own token. */
  service: string;
  /** The uploaded file's name. */
  fileName(type: number, folio: number): string;
  token(signer: SiiSigner): Promise<string>;
  upload(input: UploadInput): Promise<Outcome>;
  status(input: { token: string; companyRut: string; trackId: string }): Promise<Outcome>;
}

export interface TransportOptions {
  /** SII_BASE_URL: replaces the factura service's host. */
  baseUrl?: string;
  /** SII_BOLETA_BASE_URL: replaces the boleta service's hosts (SII_BASE_URL when not given). */
  boletaBaseUrl?: string;
  timeoutMs: number;
}

/** The service that takes documents of `type` in the company's environment. */
export function transportFor(type: number, environment: SiiEnvironment, o: TransportOptions): SiiTransport {
  if (BOLETA_TYPES.has(type)) {
    const endpoints = siiBoletaEndpoints(environment, o.boletaBaseUrl ?? o.baseUrl);
    const client = boletaClient(endpoints, o.timeoutMs);
    return {
      service: `boleta ${endpoints.base}`,
      fileName: (t, folio) => `EnvioBOLETA_${t}_${folio}.xml`,
      token: (signer) => client.token(signer),
      upload: async (input) => boletaUploadOutcome(await client.upload(input)),
      status: async (input) => boletaStatusOutcome(await client.uploadStatus(input)),
    };
  }
  const endpoints = siiEndpoints(environment, o.baseUrl);
  const client = siiClient(endpoints, o.timeoutMs);
  return {
    service: `dte ${endpoints.base}`,
    fileName: (t, folio) => `EnvioDTE_${t}_${folio}.xml`,
    token: (signer) => client.token(signer),
    upload: async (input) => uploadOutcome(await client.upload(input)),
    status: async (input) => statusOutcome(await client.uploadStatus(input)),
  };
}
