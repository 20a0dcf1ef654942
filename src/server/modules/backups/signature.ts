import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * A backup is signed with the server's secret key (src/server/secret-key.ts, decisions 0063 and
 * 0080), which the file never holds: whoever edits a file and recomputes its SHA-256 cannot make its
 * HMAC. Each use gets its own key derived from the secret (HKDF), so neither the HMAC nor the key's
 * name tells anything about the key that seals the certificate.
 */
const derived = (secretKey: string, use: string) =>
  Buffer.from(hkdfSync('sha256', secretKey, '', `agencia-respaldo ${use}`, 32));

/** Names the key in the header, so a restore tells "another server's key" from "altered". */
export const keyIdOf = (secretKey: string) => derived(secretKey, 'id').subarray(0, 8).toString('hex');

/**
 * The SHA-256 (damage) and the HMAC-SHA-256 (origin) of a backup's payload, fed the same bytes; no
 * HMAC without a key (a restore told to accept an unsigned file, on a machine without the key).
 */
export function payloadDigests<Key extends string | undefined>(secretKey: Key) {
  const sha = createHash('sha256');
  const hmac = secretKey === undefined ? undefined : createHmac('sha256', derived(secretKey, 'hmac'));
  return {
    update(bytes: Buffer) {
      sha.update(bytes);
      hmac?.update(bytes);
    },
    digest: () => ({
      payloadSha256: sha.digest('hex'),
      payloadHmac: hmac?.digest('hex') as Key extends string ? string : undefined,
    }),
  };
}

/** Compares two hex digests of the same length in constant time. */
export const sameDigest = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
