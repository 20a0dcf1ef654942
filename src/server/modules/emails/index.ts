export { type EmailInput, type Enqueued, enqueueEmail } from './enqueue';
export { outboxGauges } from './metrics';
export { type Outbox, type OutboxOptions, startOutbox } from './outbox';
