import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates what the product issues against the SII's published schemas with libxml2 (the xmllint-wasm
 * package), not with anything of ours. The copies are in tests/fixtures/sii-schemas/ (README.md there
 * says where each comes from): a boleta's EnvioBOLETA has its own self-contained schema; a factura's or
 * credit note's DTE is DTE_v10.xsd with SiiTypes_v10.xsd; both import the SII's xmldsignature_v10.xsd.
 */
const SCHEMAS = new URL('../fixtures/sii-schemas/', import.meta.url);
const schema = (fileName: string) => ({
  fileName,
  contents: readFileSync(new URL(fileName, SCHEMAS), 'utf8'),
});
const SII_NAMESPACE = 'http://www.sii.cl/SiiDte';

// xmllint reads UTF-8 only: the text, declared ISO-8859-1 as the SII wants it, is handed over as UTF-8.
const asUtf8 = (xml: string) => xml.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-8"?>');

async function errorsOf(xml: string, main: string, imports: string[]): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'document.xml', contents: xml },
    schema: schema(main),
    preload: imports.map(schema),
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

/**
 * The schema errors of an envelope the product stores (none when valid). An EnvioBOLETA is validated
 * whole against EnvioBOLETA_v11.xsd. The SII's EnvioDTE_v10.xsd could not be found to copy, so an
 * EnvioDTE's Carátula is not checked by a schema: each DTE it carries is, whole (signature included),
 * against DTE_v10.xsd, taken out with the namespace it inherits from the envelope.
 */
export async function xsdErrors(envelope: string): Promise<string[]> {
  if (/^(<\?xml[^>]*\?>\s*)?<EnvioBOLETA[\s>]/.test(envelope)) {
    return errorsOf(asUtf8(envelope), 'EnvioBOLETA_v11.xsd', ['xmldsignature_v10.xsd']);
  }
  const dtes = envelope.match(/<DTE version="1\.0">[\s\S]*?<\/DTE>/g) ?? [];
  if (!/<EnvioDTE[\s>]/.test(envelope) || dtes.length === 0) return ['ni EnvioBOLETA ni un EnvioDTE con DTE'];
  const errors: string[] = [];
  for (const dte of dtes) {
    const alone = dte.replace('<DTE version="1.0">', `<DTE xmlns="${SII_NAMESPACE}" version="1.0">`);
    errors.push(...(await errorsOf(alone, 'DTE_v10.xsd', ['SiiTypes_v10.xsd', 'xmldsignature_v10.xsd'])));
  }
  return errors;
}
