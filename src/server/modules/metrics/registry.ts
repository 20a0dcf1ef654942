import { Gauge, Registry } from 'prom-client';

/**
 * The metrics of one app instance, in a registry of its own (prom-client's global one would refuse
 * the second app a test process builds). Modules add what they can measure as gauges read at each
 * scrape: nothing is computed between scrapes.
 */
export interface Metrics {
  registry: Registry;
  /** A gauge read when Prometheus scrapes; `read` answering undefined leaves it without a value. */
  gauge(name: string, help: string, read: () => number | undefined | Promise<number | undefined>): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  return {
    registry,
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          const value = await read();
          if (value === undefined) this.reset();
          else this.set(value);
        },
      });
    },
  };
}
