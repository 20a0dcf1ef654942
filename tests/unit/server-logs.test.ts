// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadConfig, loggerOptions } from '../../src/server/config';

describe('request logs', () => {
  it('are readable single lines (pino-pretty) in development', () => {
    const options = loggerOptions(loadConfig({}));
    expect(options).toMatchObject({
      level: 'info',
      transport: { target: 'pino-pretty', options: { singleLine: true } },
    });
  });

  it('are JSON in production', () => {
    expect(loggerOptions(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }))).toEqual({
      level: 'warn',
    });
  });
});
