export { createMetrics, type Metrics } from './registry';
