export { type EmailInput, type Enqueued, enqueueEmail } from './enqueue';
export { type Outbox, type OutboxOptions, startOutbox } from './outbox';
export { outboxGauges } from './metrics';
