/**
 * The SII's servers, the one place that names them (docs/decisions/0066): Maullín answers the
 * certification environment, Palena production. SII_BASE_URL replaces the host (tests, the stand-in).
 */
export const SII_HOSTS = {
  certification: 'https://maullin.sii.cl',
  production: 'https://palena.sii.cl',
} as const;
export type SiiEnvironment = keyof typeof SII_HOSTS;

/** The services, at the same paths on either host. */
const PATHS = {
  /** CrSeed (SOAP, getSeed): a seed to sign. */
  seed: '/DTEWS/CrSeed.jws',
  /** GetTokenFromSeed (SOAP, getToken): the signed seed for a session token. */
  token: '/DTEWS/GetTokenFromSeed.jws',
  /** DTEUpload (multipart POST with the token as a cookie): an EnvioDTE for a track id. */
  upload: '/cgi_dte/UPL/DTEUpload',
  /** QueryEstUp (SOAP, getEstUp): the state of an upload by its track id. */
  uploadStatus: '/DTEWS/QueryEstUp.jws',
} as const;

export type SiiEndpoints = Record<keyof typeof PATHS, string> & { base: string };

export function siiEndpoints(environment: SiiEnvironment, baseUrl?: string): SiiEndpoints {
  const base = (baseUrl ?? SII_HOSTS[environment]).replace(/\/+$/, '');
  return {
    base,
    seed: base + PATHS.seed,
    token: base + PATHS.token,
    upload: base + PATHS.upload,
    uploadStatus: base + PATHS.uploadStatus,
  };
}

/**
 * The SII's boleta service (docs/decisions/0102), a REST one apart from the factura's: seed, token and
 * status on apicert.sii.cl (certification) or api.sii.cl (production), the upload on pangal.sii.cl or
 * rahue.sii.cl, the hosts the SII names for it. SII_BOLETA_BASE_URL (else SII_BASE_URL) replaces both.
 */
export const SII_BOLETA_HOSTS = {
  certification: { api: 'https://apicert.sii.cl', upload: 'https://pangal.sii.cl' },
  production: { api: 'https://api.sii.cl', upload: 'https://rahue.sii.cl' },
} as const;

const BOLETA_PATHS = {
  /** GET: a seed to sign (an XML RESPUESTA, as CrSeed's). */
  seed: '/recursos/v1/boleta.electronica.semilla',
  /** POST the signed seed (XML) for a session token. */
  token: '/recursos/v1/boleta.electronica.token',
  /** POST multipart with the token as a cookie: an EnvioBOLETA for a track id (JSON). */
  upload: '/recursos/v1/boleta.electronica.envio',
  /** GET …/{rut}-{dv}-{trackid}: the state of an upload (JSON). */
  uploadStatus: '/recursos/v1/boleta.electronica.envio',
} as const;

export type SiiBoletaEndpoints = Record<keyof typeof BOLETA_PATHS, string> & { base: string };

export function siiBoletaEndpoints(environment: SiiEnvironment, baseUrl?: string): SiiBoletaEndpoints {
  const given = baseUrl?.replace(/\/+$/, '');
  const hosts = given ? { api: given, upload: given } : SII_BOLETA_HOSTS[environment];
  return {
    base: hosts.api,
    seed: hosts.api + BOLETA_PATHS.seed,
    token: hosts.api + BOLETA_PATHS.token,
    upload: hosts.upload + BOLETA_PATHS.upload,
    uploadStatus: hosts.api + BOLETA_PATHS.uploadStatus,
  };
}
