// The printed timbre: a PDF417 that a reader (zxing) decodes back to the document's TED.
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  PDF417Reader,
  RGBLuminanceSource,
  ZXingStringEncoding,
} from '@zxing/library';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildDte, parseCaf, readCertificate, tedOf, timbrePng } from '../../../src/server/modules/dte';
import { makeCaf, makeP12 } from '../../helpers/dte-fixtures';

// zxing 0.21 (the last release for Node 20) decodes Latin-1 on Node with a URI fallback that breaks on
// "ñ"; Node's own TextDecoder reads it right.
ZXingStringEncoding.customDecoder = (bytes, encoding) => new TextDecoder(encoding).decode(bytes);

/** The PNG's pixels as grey levels, read by zxing's PDF417 reader. */
function readPdf417(png: Buffer): string {
  const image = PNG.sync.read(png);
  const grey = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < grey.length; i++) {
    const [r = 0, g = 0, b = 0] = image.data.subarray(i * 4, i * 4 + 3);
    grey[i] = Math.round((r + g + b) / 3);
  }
  const source = new RGBLuminanceSource(grey, image.width, image.height);
  const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.PDF_417]]]);
  return new PDF417Reader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}

describe('timbre', () => {
  it('prints the TED as a PDF417 that decodes back to it, Latin-1 letters included', async () => {
    const p12 = makeP12();
    const dte = buildDte({
      type: 33,
      folio: 12,
      issueDate: '2026-11-24',
      issuer: {
        rut: '76123456-0',
        businessName: 'Viajes Demo SpA',
        businessActivity: 'Agencia de viajes',
        activityCode: 791100,
        address: 'Av. Providencia 1234',
        commune: 'Providencia',
      },
      receiver: {
        rut: '77777777-7',
        businessName: 'Ñandú Turismo Ltda.',
        businessActivity: 'Turismo',
        address: 'Calle 1',
        commune: 'Ñuñoa',
      },
      lines: [{ name: 'Excursión a Cajón del Maipo', pesos: 119_000n, exempt: false }],
      caf: parseCaf(makeCaf({ type: 33 }).xml),
      signer: readCertificate(p12.base64, p12.password),
      stampedAt: '2026-11-24T18:30:05',
    });
    const ted = tedOf(dte.xml);
    expect(ted).toMatch(/^<TED version="1\.0"><DD><RE>76123456-0<\/RE>.*<\/FRMT><\/TED>$/s);
    expect(ted).toContain('<RSR>Ñandú Turismo Ltda.</RSR>');
    const png = await timbrePng(ted);
    expect(readPdf417(png)).toBe(ted);
    expect(() => tedOf('<DTE/>')).toThrow('no tiene timbre');
  });
});
