// The key that seals the certificate's private key: SECRET_KEY, or a file generated once (decision 0063).
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { resolveSecretKey } from '../../../src/server/secret-key';

const dir = mkdtempSync(path.join(tmpdir(), 'dte-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secret key', () => {
  it('is generated beside the data directory on the first start, readable by its owner only, then kept', () => {
    const config = loadConfig({ DATA_DIR: path.join(dir, 'data') });
    expect(config.secretKeyFile).toBe(path.join(dir, 'secret-key'));
    const first = resolveSecretKey(config);
    expect(first.generatedFile).toBe(config.secretKeyFile);
    expect(first.key).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(config.secretKeyFile, 'utf8').trim()).toBe(first.key);
    expect(statSync(config.secretKeyFile).mode & 0o777).toBe(0o600);
    const second = resolveSecretKey(config);
    expect(second).toEqual({ key: first.key });
  });

  it('is SECRET_KEY when set, and a short SECRET_KEY is refused', () => {
    const config = loadConfig({ DATA_DIR: path.join(dir, 'data'), SECRET_KEY: 'una-clave-larga-de-prueba' });
    expect(resolveSecretKey(config)).toEqual({ key: 'una-clave-larga-de-prueba' });
    expect(() => loadConfig({ SECRET_KEY: 'corta' })).toThrow('SECRET_KEY debe tener al menos 16 caracteres');
  });
});
