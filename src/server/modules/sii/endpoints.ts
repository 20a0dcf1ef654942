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
