import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates the envelopes the product issues against the SII's published schemas, with libxml2 (the
 * xmllint-wasm package), not with anything of ours. The copies are in tests/fixtures/sii-schemas/: a
 * boleta's EnvioBOLETA has its own self-contained schema; EnvioDTE (facturas, credit notes) includes
 * DTE_v10.xsd and SiiTypes_v10.xsd; both import the SII's xmldsignature_v10.xsd.
 */
const SCHEMAS = new URL('../fixtures/sii-schemas/', import.meta.url);
const schema = (fileName: string) => ({
  fileName,
  contents: readFileSync(new URL(fileName, SCHEMAS), 'utf8'),
});

const SETS = {
  EnvioBOLETA: { main: 'EnvioBOLETA_v11.xsd', imports: ['xmldsignature_v10.xsd'] },
  EnvioDTE: {
    main: 'EnvioDTE_v10.xsd',
    imports: ['DTE_v10.xsd', 'SiiTypes_v10.xsd', 'xmldsignature_v10.xsd'],
  },
} as const;

/**
 * The schema errors of an envelope (none when it is valid), by its root element's schema. xmllint
 * reads UTF-8 only: the text, declared ISO-8859-1 as the SII wants it, is handed over as UTF-8.
 */
export async function xsdErrors(xml: string): Promise<string[]> {
  const root = /<(EnvioBOLETA|EnvioDTE)[\s>]/.exec(xml)?.[1] as keyof typeof SETS | undefined;
  if (!root) return ['ni EnvioBOLETA ni EnvioDTE'];
  const { main, imports } = SETS[root];
  const result = await validateXML({
    xml: {
      fileName: 'envio.xml',
      contents: xml.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-8"?>'),
    },
    schema: schema(main),
    preload: imports.map(schema),
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}
