// The DTE library's inputs: the SII's CAF, the company's certificate, and pesos to the peso.
import { describe, expect, it } from 'vitest';
import {
  assertCafOf,
  CAF_MESSAGES,
  CERTIFICATE_MESSAGES,
  parseCaf,
  pesosOf,
  pesoTotals,
  readCertificate,
  toPesos,
} from '../../../src/server/modules/dte';
import { COMPANY_RUT, HOLDER_RUT, makeCaf, makeP12, rsaPair } from '../../helpers/dte-fixtures';

/** The Spanish message of the 400 that `action` throws. */
function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect((error as { statusCode?: number }).statusCode).toBe(400);
    return (error as Error).message;
  }
  throw new Error('no refusal');
}

describe('CAF', () => {
  it('reads the SII file: issuer, type, range, date, and a key pair that matches', () => {
    const file = makeCaf({ type: 34, from: 51, to: 150 });
    const caf = parseCaf(file.xml);
    expect(caf).toMatchObject({
      issuerRut: COMPANY_RUT,
      issuerName: 'VIAJES DEMO SPA',
      type: 34,
      from: 51,
      to: 150,
      authorizedOn: '2026-01-15',
    });
    expect(caf.publicKey.export({ format: 'jwk' }).n).toBe(file.publicKey.export({ format: 'jwk' }).n);
    expect(() => assertCafOf(caf, '76.123.456-0')).not.toThrow();
  });

  it('refuses a CAF whose private key is not its public key', () => {
    const other = rsaPair(512).privateKey;
    expect(refusal(() => parseCaf(makeCaf({ wrongPrivateKey: other }).xml))).toBe(CAF_MESSAGES.key);
  });

  it('refuses another RUT, a type not issued here, a reversed range, and what is not a CAF', () => {
    const caf = parseCaf(makeCaf({ rut: '11111111-1' }).xml);
    expect(refusal(() => assertCafOf(caf, COMPANY_RUT))).toBe(CAF_MESSAGES.rut);
    expect(refusal(() => parseCaf(makeCaf({ type: 52 }).xml))).toBe(CAF_MESSAGES.type);
    expect(refusal(() => parseCaf(makeCaf({ from: 10, to: 9 }).xml))).toBe(CAF_MESSAGES.range);
    expect(refusal(() => parseCaf('hola'))).toBe(CAF_MESSAGES.format);
    expect(refusal(() => parseCaf('<AUTORIZACION><CAF/></AUTORIZACION>'))).toBe(CAF_MESSAGES.format);
    const noKey = makeCaf().xml.replace(/<RSASK>[\s\S]*<\/RSASK>/, '');
    expect(refusal(() => parseCaf(noKey))).toBe(CAF_MESSAGES.format);
  });
});

describe('certificate', () => {
  it('reads the holder RUT and expiry from the .p12 with its password', () => {
    const notAfter = new Date('2027-06-30T12:00:00Z');
    const p12 = makeP12({ rut: '11.111.111-1', notAfter });
    const cert = readCertificate(p12.base64, p12.password);
    expect(cert.holderRut).toBe(HOLDER_RUT);
    expect(cert.validTo.toISOString()).toBe(notAfter.toISOString());
    expect(cert.privateKey.asymmetricKeyType).toBe('rsa');
  });

  it('refuses a wrong password, an expired certificate, and a file that is not a .p12', () => {
    const p12 = makeP12();
    expect(refusal(() => readCertificate(p12.base64, 'otra'))).toBe(CERTIFICATE_MESSAGES.password);
    const expired = makeP12({
      notBefore: new Date('2024-01-01T00:00:00Z'),
      notAfter: new Date('2025-01-01T00:00:00Z'),
    });
    expect(refusal(() => readCertificate(expired.base64, expired.password))).toBe(
      CERTIFICATE_MESSAGES.expired,
    );
    expect(refusal(() => readCertificate(Buffer.from('no').toString('base64'), 'x'))).toBe(
      CERTIFICATE_MESSAGES.file,
    );
  });
});

describe('pesos', () => {
  it('converts a foreign amount at the rate once, half up, on the exact product', () => {
    expect(toPesos('1250.75', '952.38')).toBe(1_191_189n); // 1 191 189.285
    expect(toPesos('0.5', '1')).toBe(1n);
    expect(toPesos('10.01', '950.5')).toBe(9_515n); // 9 514.505 -> up
    expect(toPesos('0.1', '0.3')).toBe(0n); // 0.03, no binary fraction involved
    expect(pesosOf('1250.50')).toBe(1_251n);
    expect(pesosOf('1250.49')).toBe(1_250n);
  });

  it('splits taxable lines into net and IVA per MntBruto, exempt lines apart, to the peso', () => {
    // 119 000 gross -> 100 000 net + 19 000 IVA; exempt 50 001 untouched.
    expect(
      pesoTotals([
        { pesos: 119_000n, exempt: false },
        { pesos: 50_001n, exempt: true },
      ]),
    ).toEqual({ net: 100_000n, exempt: 50_001n, vat: 19_000n, total: 169_001n });
    // 1 000 + 999 gross = 1 999 -> net round(1 679.83) = 1 680, IVA 319: the total stays what is paid.
    expect(
      pesoTotals([
        { pesos: 1_000n, exempt: false },
        { pesos: 999n, exempt: false },
        { pesos: 333n, exempt: true },
      ]),
    ).toEqual({ net: 1_680n, exempt: 333n, vat: 319n, total: 2_332n });
    expect(pesoTotals([{ pesos: 70_000n, exempt: true }])).toEqual({
      net: 0n,
      exempt: 70_000n,
      vat: 0n,
      total: 70_000n,
    });
  });
});
