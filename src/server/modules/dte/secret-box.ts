import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * Secrets kept in the database (the certificate's private key) sealed with AES-256-GCM under a key
 * derived from SECRET_KEY (decision 0063). A sealed value opened with another SECRET_KEY fails its
 * authentication tag: after a restore on another server the certificate must be uploaded again.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when this key did not seal it. */
  open(sealed: string): string | null;
}

const VERSION = 'v1';
const SALT = 'agencia-backoffice/dte-keys';

export function secretBox(secret: string): SecretBox {
  const key = scryptSync(secret, SALT, 32);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    open(sealed) {
      const [version, body] = sealed.split(':');
      if (version !== VERSION || !body) return null;
      const bytes = Buffer.from(body, 'base64');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
