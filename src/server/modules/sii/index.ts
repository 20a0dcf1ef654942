export {
  SII_BOLETA_HOSTS,
  SII_HOSTS,
  type SiiEnvironment,
  siiBoletaEndpoints,
  siiEndpoints,
} from './endpoints';
export type { SiiSigner } from './protocol';
export { queueSiiSubmission } from './queue';
export { type SiiOutbox, type SiiOutboxOptions, startSiiOutbox } from './worker';
