import forge from 'node-forge';

/**
 * The most iterations one key derivation of a .p12 may ask (decision 0081). Certificates of Chilean
 * authorities come with 2,048 (OpenSSL) or 2,000 (Windows), and the heaviest exporters use 10,000 to
 * 100,000; at 200,000 node-forge takes about half a second per derivation, where the format allows
 * 2^31-1 (an hour of CPU). A .p12 derives a few keys (MAC, certificates, private key), so the file
 * as a whole may ask five derivations at the limit.
 */
export const MAX_ITERATIONS = 200_000;
const MAX_TOTAL_ITERATIONS = 5n * BigInt(MAX_ITERATIONS);

type Node = forge.asn1.Asn1;
const { asn1 } = forge;
const oids = forge.pki.oids;
/** pkcs-12PbeIds: the PKCS#12 password-based ciphers, whose parameters are (salt, iterations). */
const PKCS12_PBE = '1.2.840.113549.1.12.1.';

/** node-forge's PBE cipher factory, which its type declarations leave out. */
const pbe = (
  forge.pki as unknown as { pbe: { getCipher(oid: string, params: Node, password: string): Cipher } }
).pbe;
interface Cipher {
  update(input: forge.util.ByteStringBuffer): void;
  finish(): boolean;
  output: forge.util.ByteStringBuffer;
}

const children = (node: Node | undefined): Node[] => (node && Array.isArray(node.value) ? node.value : []);
const oidOf = (node: Node | undefined) =>
  node?.type === asn1.Type.OID && typeof node.value === 'string' ? asn1.derToOid(node.value) : undefined;

/** A string's bytes, joined when BER cut them into pieces (as node-forge reads them). */
function bytesOf(node: Node | undefined): string {
  if (!node) return '';
  return typeof node.value === 'string' ? node.value : children(node).map(bytesOf).join('');
}

/** An INTEGER as unsigned (a negative count is no count: node-forge would read it as huge). */
function integerOf(node: Node | undefined): bigint | undefined {
  if (node?.type !== asn1.Type.INTEGER || typeof node.value !== 'string') return undefined;
  return BigInt(`0x${forge.util.bytesToHex(node.value) || '0'}`);
}

/** What node-forge parses again itself: a part it cannot read is its error to report, not ours. */
function parsed(der: string): Node | undefined {
  try {
    return asn1.fromDer(der, false);
  } catch {
    return undefined;
  }
}

/** The iteration count of a password-based AlgorithmIdentifier (PKCS#12 PBE, or PBES2 with PBKDF2). */
function pbeIterations(algorithm: Node | undefined): bigint[] {
  const [id, params] = children(algorithm);
  const oid = oidOf(id) ?? '';
  // PBES2-params: (keyDerivationFunc (PBKDF2, (salt, iterationCount, ...)), encryptionScheme).
  const kdfParams = oid === oids.pkcs5PBES2 ? children(children(params)[0])[1] : params;
  const count =
    oid === oids.pkcs5PBES2 || oid.startsWith(PKCS12_PBE) ? integerOf(children(kdfParams)[1]) : undefined;
  return count === undefined ? [] : [count];
}

/** The counts of the shrouded key bags in a SafeContents. */
function bagIterations(safeContents: string): bigint[] {
  return children(parsed(safeContents)).flatMap((bag) => {
    const [id, value] = children(bag);
    // bagValue [0] holds an EncryptedPrivateKeyInfo: (encryptionAlgorithm, encryptedData).
    return oidOf(id) === oids.pkcs8ShroudedKeyBag ? pbeIterations(children(children(value)[0])[0]) : [];
  });
}

/** An encrypted SafeContents opened with the password, or undefined when it does not open. */
function decrypted(algorithm: Node, content: Node | undefined, password: string): string | undefined {
  try {
    const [id, params] = children(algorithm);
    const cipher = pbe.getCipher(oidOf(id) ?? '', params as Node, password);
    cipher.update(forge.util.createBuffer(bytesOf(content)));
    return cipher.finish() ? cipher.output.getBytes() : undefined;
  } catch {
    return undefined;
  }
}

const withinLimits = (counts: bigint[]) =>
  counts.every((count) => count <= MAX_ITERATIONS) &&
  counts.reduce((sum, count) => sum + count, 0n) <= MAX_TOTAL_ITERATIONS;

/**
 * Whether every key derivation the PFX asks stays within the limits, read from its structure before
 * node-forge derives anything: the MAC's iterations, each encrypted SafeContents', each shrouded key
 * bag's. A key bag inside an encrypted SafeContents is only seen once that is opened, which is done
 * here only after its own count passed.
 */
export function iterationsWithinLimits(pfx: Node, password: string): boolean {
  const [, authSafe, macData] = children(pfx);
  // MacData: (mac, macSalt, iterations DEFAULT 1).
  const counts = macData ? [integerOf(children(macData)[2]) ?? 1n] : [];
  const encrypted: { algorithm: Node; content: Node | undefined }[] = [];
  // authSafe: ContentInfo (data, [0] OCTET STRING of the AuthenticatedSafe, a SEQUENCE OF ContentInfo).
  for (const contentInfo of children(parsed(bytesOf(children(children(authSafe)[1])[0])))) {
    const [type, content] = children(contentInfo);
    const inner = children(content)[0];
    if (oidOf(type) === oids.data) counts.push(...bagIterations(bytesOf(inner)));
    if (oidOf(type) === oids.encryptedData) {
      // EncryptedData: (version, EncryptedContentInfo (contentType, algorithm, [0] content)).
      const [, algorithm, content] = children(children(inner)[1]);
      if (!algorithm) continue;
      counts.push(...pbeIterations(algorithm));
      encrypted.push({ algorithm, content });
    }
  }
  if (!withinLimits(counts)) return false;
  for (const { algorithm, content } of encrypted) {
    const safeContents = decrypted(algorithm, content, password);
    if (safeContents !== undefined) counts.push(...bagIterations(safeContents));
  }
  return withinLimits(counts);
}
