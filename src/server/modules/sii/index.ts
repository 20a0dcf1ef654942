export type { SiiSigner } from './client';
export { SII_HOSTS, type SiiEnvironment, siiEndpoints } from './endpoints';
export { queueSiiSubmission } from './queue';
export { type SiiOutbox, type SiiOutboxOptions, startSiiOutbox } from './worker';
