import { create } from 'xmlbuilder2';
import { siiRut } from '../../../domain/rut';
import { type DteType, isBoleta } from './caf';
import { SII_NAMESPACE } from './document';
import { type Signer, signEnveloped, WRITE } from './signature';

/** The SII's own RUT: the receiver of every EnvioDTE and EnvioBOLETA sent to it. */
export const SII_RUT = '60803000-K';

export interface EnvioInput {
  issuerRut: string;
  /** RutEnvia: the certificate holder who sends. */
  senderRut: string;
  resolutionDate: string;
  /** 0 in certification. */
  resolutionNumber: number;
  /** TmstFirmaEnv, yyyy-mm-ddThh:mm:ss. */
  signedAt: string;
  dtes: readonly { type: DteType; xml: string }[];
}

/**
 * The signed envelope the SII receives: SetDTE (Carátula with the count of each type, then the signed
 * DTEs as they are) and the sender's signature over SetDTE. Boletas travel in an EnvioBOLETA
 * (EnvioBOLETA_v11.xsd), whose Carátula is the EnvioDTE's; the SII takes them apart from the other
 * documents, so one envelope never mixes both. No xsi:schemaLocation on the root: an extra namespace in
 * scope would enter each DTE's canonical form and break its signature.
 */
export function buildEnvio(input: EnvioInput, signer: Signer): string {
  const boletas = input.dtes.filter((dte) => isBoleta(dte.type)).length;
  if (boletas > 0 && boletas < input.dtes.length) throw new Error('Un envío no mezcla boletas y otros DTE');
  const root = boletas > 0 ? 'EnvioBOLETA' : 'EnvioDTE';
  const envio = create({ version: '1.0', encoding: 'ISO-8859-1' }).ele(SII_NAMESPACE, root, {
    version: '1.0',
  });
  const setDte = envio.ele('SetDTE', { ID: 'SetDoc' });
  const caratula = setDte.ele('Caratula', { version: '1.0' });
  caratula.ele('RutEmisor').txt(siiRut(input.issuerRut));
  caratula.ele('RutEnvia').txt(siiRut(input.senderRut));
  caratula.ele('RutReceptor').txt(SII_RUT);
  caratula.ele('FchResol').txt(input.resolutionDate);
  caratula.ele('NroResol').txt(String(input.resolutionNumber));
  caratula.ele('TmstFirmaEnv').txt(input.signedAt);
  const counts = new Map<DteType, number>();
  for (const dte of input.dtes) counts.set(dte.type, (counts.get(dte.type) ?? 0) + 1);
  for (const [type, count] of [...counts].sort(([a], [b]) => a - b)) {
    const subtotal = caratula.ele('SubTotDTE');
    subtotal.ele('TpoDTE').txt(String(type));
    subtotal.ele('NroDTE').txt(String(count));
  }
  for (const dte of input.dtes) setDte.ele(dte.xml);
  signEnveloped(envio, setDte, 'SetDoc', signer);
  return envio.end(WRITE);
}
