// DTE 33, 34 and 61 as the SII's schemas describe them, signed so that another library verifies them.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltDte,
  buildDte,
  buildEnvio,
  type DteInput,
  parseCaf,
  readCertificate,
} from '../../../src/server/modules/dte';
import { COMPANY_RUT, HOLDER_RUT, makeCaf, makeP12 } from '../../helpers/dte-fixtures';
import { all, first, names, timbreVerifies, value } from '../../helpers/dte-xml';
import { verifySignatures, xmlTree } from '../../helpers/xml-check.mjs';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const SII = 'http://www.sii.cl/SiiDte';
const RUT = /^\d{1,8}-[\dK]$/;

const cafFiles = { 33: makeCaf({ type: 33 }), 34: makeCaf({ type: 34 }), 61: makeCaf({ type: 61 }) };
const p12 = makeP12();
let signer: ReturnType<typeof readCertificate>;

const signaturesVerify = (xml: string) => verifySignatures(xml, p12.certificatePem);

const issuer = {
  rut: '76.123.456-0',
  businessName: 'Viajes Demo SpA',
  businessActivity: 'Agencia de viajes',
  activityCode: 791100,
  address: 'Av. Providencia 1234',
  commune: 'Providencia',
};
const receiver = {
  rut: '77.777.777-7',
  businessName: 'Ñandú Turismo & Cía. Ltda.',
  businessActivity: 'Servicios',
  address: 'Calle Uno 1',
  commune: 'Ñuñoa',
};

function input(type: 33 | 34 | 61, lines: DteInput['lines'], extra: Partial<DteInput> = {}): DteInput {
  return {
    type,
    folio: 7,
    issueDate: '2026-11-24',
    issuer,
    receiver,
    lines,
    caf: parseCaf(cafFiles[type].xml),
    signer,
    stampedAt: '2026-11-24T18:30:05',
    ...extra,
  };
}

const mixed = [
  { name: 'Pasaje Santiago - Madrid (internacional)', pesos: 850_000n, exempt: true },
  { name: 'Traslado aeropuerto', pesos: 59_500n, exempt: false },
  { name: 'Tour Valle Nevado', pesos: 119_001n, exempt: false },
];
let factura: BuiltDte;

beforeAll(() => {
  signer = readCertificate(p12.base64, p12.password);
  factura = buildDte(input(33, mixed));
});

describe('Factura Electrónica (33) with exempt and taxable lines', () => {
  it('has the schema order of Documento, Encabezado, IdDoc, Emisor, Receptor, Totales and Detalle', () => {
    const doc = xmlTree(factura.xml);
    const dte = doc;
    expect([dte.namespace, dte.name, dte.attributes.version]).toEqual([SII, 'DTE', '1.0']);
    expect(names(dte)).toEqual(['Documento', 'Signature']);
    const documento = first(doc, 'Documento');
    expect(documento.attributes.ID).toBe('F7T33');
    expect(names(documento)).toEqual(['Encabezado', 'Detalle', 'Detalle', 'Detalle', 'TED', 'TmstFirma']);
    expect(names(first(doc, 'Encabezado'))).toEqual(['IdDoc', 'Emisor', 'Receptor', 'Totales']);
    expect(names(first(doc, 'IdDoc'))).toEqual(['TipoDTE', 'Folio', 'FchEmis', 'MntBruto']);
    expect(names(first(doc, 'Emisor'))).toEqual([
      'RUTEmisor',
      'RznSoc',
      'GiroEmis',
      'Acteco',
      'DirOrigen',
      'CmnaOrigen',
    ]);
    expect(names(first(doc, 'Receptor'))).toEqual([
      'RUTRecep',
      'RznSocRecep',
      'GiroRecep',
      'DirRecep',
      'CmnaRecep',
    ]);
    expect(names(first(doc, 'Totales'))).toEqual(['MntNeto', 'MntExe', 'TasaIVA', 'IVA', 'MntTotal']);
    expect(value(doc, 'RUTEmisor')).toBe(COMPANY_RUT);
    expect(value(doc, 'RUTRecep')).toMatch(RUT);
    expect(value(doc, 'Acteco')).toBe('791100');
    expect(value(doc, 'RznSocRecep')).toBe('Ñandú Turismo & Cía. Ltda.');
    const lines = all(doc, 'Detalle');
    expect(lines.map(names)).toEqual([
      ['NroLinDet', 'IndExe', 'NmbItem', 'MontoItem'],
      ['NroLinDet', 'NmbItem', 'MontoItem'],
      ['NroLinDet', 'NmbItem', 'MontoItem'],
    ]);
  });

  it('totals to the peso: net and IVA from the taxable lines, exempt apart, total what is paid', () => {
    const doc = xmlTree(factura.xml);
    // Taxable 59 500 + 119 001 = 178 501 gross -> net round(150 000.84) = 150 001, IVA 28 500.
    expect(value(doc, 'MntNeto')).toBe('150001');
    expect(value(doc, 'IVA')).toBe('28500');
    expect(value(doc, 'MntExe')).toBe('850000');
    expect(value(doc, 'TasaIVA')).toBe('19');
    expect(value(doc, 'MntTotal')).toBe('1028501');
    const items = all(doc, 'MontoItem').map((item) => BigInt(item.text));
    expect(items.reduce((a, b) => a + b)).toBe(1_028_501n);
  });

  it('carries a timbre whose DD states the document and whose FRMT verifies with the CAF key', () => {
    const doc = xmlTree(factura.xml);
    const ted = first(doc, 'TED');
    expect(ted.attributes.version).toBe('1.0');
    expect(names(ted)).toEqual(['DD', 'FRMT']);
    const dd = first(doc, 'DD');
    expect(names(dd)).toEqual(['RE', 'TD', 'F', 'FE', 'RR', 'RSR', 'MNT', 'IT1', 'CAF', 'TSTED']);
    expect([value(dd, 'RE'), value(dd, 'TD'), value(dd, 'F'), value(dd, 'MNT')]).toEqual([
      COMPANY_RUT,
      '33',
      '7',
      '1028501',
    ]);
    expect(value(dd, 'IT1')?.length).toBeLessThanOrEqual(40);
    expect(names(first(dd, 'CAF'))).toEqual(['DA', 'FRMA']);
    expect(timbreVerifies(factura.xml, cafFiles[33])).toBe(true);
    expect(timbreVerifies(factura.xml, cafFiles[34])).toBe(false);
  });

  it('is signed (XMLDSig, RSA-SHA1, C14N, Reference #ID, KeyValue and X509Data) and xml-crypto verifies it', () => {
    const signature = first(xmlTree(factura.xml), 'Signature');
    expect(signature.namespace).toBe(DSIG);
    const algorithms = (name: string) => all(signature, name).map((node) => node.attributes.Algorithm);
    expect(algorithms('CanonicalizationMethod')).toEqual(['http://www.w3.org/TR/2001/REC-xml-c14n-20010315']);
    expect(algorithms('SignatureMethod')).toEqual([`${DSIG}rsa-sha1`]);
    expect(algorithms('DigestMethod')).toEqual([`${DSIG}sha1`]);
    expect(first(signature, 'Reference').attributes.URI).toBe('#F7T33');
    expect(names(signature)).toEqual(['SignedInfo', 'SignatureValue', 'KeyInfo']);
    const certificate = value(signature, 'X509Certificate');
    expect(p12.certificatePem.replace(/-----[^-]+-----|\s/g, '')).toBe(certificate);
    expect(names(first(signature, 'KeyValue'))).toEqual(['RSAKeyValue']);
    expect(names(first(signature, 'RSAKeyValue'))).toEqual(['Modulus', 'Exponent']);
    expect(signaturesVerify(factura.xml)).toEqual([true]);
  });

  it('fails verification when an amount is changed after signing', () => {
    const tampered = factura.xml.replace('<MntTotal>1028501</MntTotal>', '<MntTotal>1028502</MntTotal>');
    expect(tampered).not.toBe(factura.xml);
    expect(signaturesVerify(tampered)).toEqual([false]);
    const newTimbre = factura.xml.replace('<MNT>1028501</MNT>', '<MNT>1</MNT>');
    expect(timbreVerifies(newTimbre, cafFiles[33])).toBe(false);
  });
});

describe('Factura exenta (34) and Nota de Crédito (61)', () => {
  it('issues a 34 with exempt amounts only, no IVA and no MntBruto', () => {
    const exenta = buildDte(input(34, [{ name: 'Paquete Cusco', pesos: 1_200_000n, exempt: true }]));
    const doc = xmlTree(exenta.xml);
    expect(names(first(doc, 'IdDoc'))).toEqual(['TipoDTE', 'Folio', 'FchEmis']);
    expect(names(first(doc, 'Totales'))).toEqual(['MntExe', 'MntTotal']);
    expect(value(doc, 'MntTotal')).toBe('1200000');
    expect(timbreVerifies(exenta.xml, cafFiles[34])).toBe(true);
    expect(signaturesVerify(exenta.xml)).toEqual([true]);
  });

  it('issues a 61 that references the invoice it annuls, with the same totals', () => {
    const reference = {
      type: 33 as const,
      folio: 7,
      date: '2026-11-24',
      code: 1 as const,
      reason: 'Anula factura',
    };
    const nota = buildDte(input(61, mixed, { folio: 3, reference }));
    const doc = xmlTree(nota.xml);
    expect(names(first(doc, 'Documento'))).toEqual([
      'Encabezado',
      'Detalle',
      'Detalle',
      'Detalle',
      'Referencia',
      'TED',
      'TmstFirma',
    ]);
    expect(names(first(doc, 'Referencia'))).toEqual([
      'NroLinRef',
      'TpoDocRef',
      'FolioRef',
      'FchRef',
      'CodRef',
      'RazonRef',
    ]);
    expect([value(doc, 'TpoDocRef'), value(doc, 'FolioRef'), value(doc, 'CodRef')]).toEqual(['33', '7', '1']);
    expect(value(doc, 'MntTotal')).toBe('1028501');
    expect(timbreVerifies(nota.xml, cafFiles[61])).toBe(true);
    expect(signaturesVerify(nota.xml)).toEqual([true]);
  });

  it('refuses a 34 with a taxable line, a 33 without one, a 61 without reference, a folio outside the CAF', () => {
    const status = (action: () => unknown) => {
      try {
        action();
        return 'built';
      } catch (error) {
        return (error as { statusCode?: number }).statusCode;
      }
    };
    expect(status(() => buildDte(input(34, mixed)))).toBe(400);
    expect(status(() => buildDte(input(33, [{ name: 'Pasaje', pesos: 1n, exempt: true }])))).toBe(400);
    expect(status(() => buildDte(input(61, mixed)))).toBe(400);
    expect(status(() => buildDte(input(33, mixed, { folio: 101 })))).toBe(400);
  });
});

describe('EnvioDTE', () => {
  it('wraps the DTEs with a Carátula and is signed, each DTE still verifying inside it', () => {
    const exenta = buildDte(input(34, [{ name: 'Paquete', pesos: 10_000n, exempt: true }], { folio: 8 }));
    const envio = buildEnvio(
      {
        issuerRut: issuer.rut,
        senderRut: signer.holderRut,
        resolutionDate: '2026-01-10',
        resolutionNumber: 0,
        signedAt: '2026-11-24T18:30:06',
        dtes: [
          { type: 33, xml: factura.xml },
          { type: 34, xml: exenta.xml },
        ],
      },
      signer,
    );
    expect(envio.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>')).toBe(true);
    const doc = xmlTree(envio);
    expect([doc.name, doc.namespace, doc.attributes.version]).toEqual(['EnvioDTE', SII, '1.0']);
    expect(names(doc)).toEqual(['SetDTE', 'Signature']);
    expect(first(doc, 'SetDTE').attributes.ID).toBe('SetDoc');
    expect(names(first(doc, 'SetDTE'))).toEqual(['Caratula', 'DTE', 'DTE']);
    const caratula = first(doc, 'Caratula');
    expect(names(caratula)).toEqual([
      'RutEmisor',
      'RutEnvia',
      'RutReceptor',
      'FchResol',
      'NroResol',
      'TmstFirmaEnv',
      'SubTotDTE',
      'SubTotDTE',
    ]);
    expect([
      value(caratula, 'RutEmisor'),
      value(caratula, 'RutEnvia'),
      value(caratula, 'RutReceptor'),
    ]).toEqual([COMPANY_RUT, HOLDER_RUT, '60803000-K']);
    // Two DTE signatures and the envelope's, read back from the ISO-8859-1 bytes that are sent.
    const sent = Buffer.from(envio, 'latin1').toString('latin1');
    expect(signaturesVerify(sent)).toEqual([true, true, true]);
    expect(signaturesVerify(sent.replace('<NroDTE>1</NroDTE>', '<NroDTE>2</NroDTE>'))).toContain(false);
  });
});
