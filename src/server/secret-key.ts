import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export interface SecretKey {
  key: string;
  /** Set when this start generated the key into this file: main.ts says so. */
  generatedFile?: string;
}

/**
 * The key that seals the certificate's private key (decision 0063): SECRET_KEY when set, else the one
 * in `secret-key` beside the data directory, generated on the first start (readable by its owner only).
 * Outside the data directory, so backups leave it out.
 */
export function resolveSecretKey(config: Pick<Config, 'secretKey' | 'secretKeyFile'>): SecretKey {
  if (config.secretKey) return { key: config.secretKey };
  const file = config.secretKeyFile;
  const existing = readSecretKeyFile(file);
  if (existing !== undefined) return { key: existing };
  const key = randomBytes(32).toString('hex');
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': a second server starting at the same moment keeps the first one's key.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { key: readFileSync(file, 'utf8').trim() };
    throw error;
  }
  return { key, generatedFile: file };
}

/** The key kept in `file`, or undefined when there is no such file (a restore never makes one). */
export function readSecretKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
