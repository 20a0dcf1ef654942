export { assertCafOf, CAF_MESSAGES, type Caf, DTE_TYPES, type DteType, isBoleta, parseCaf } from './caf';
export { CERTIFICATE_MESSAGES, type Certificate, readCertificate } from './certificate';
export { companySigner } from './company-signer';
export {
  type BuiltDte,
  boletaTypeFor,
  buildDte,
  DTE_MESSAGES,
  type DteInput,
  type DteLine,
  type DteReference,
  GENERIC_RECEIVER_RUT,
  type Issuer,
  invoiceTypeFor,
  type Party,
} from './document';
export { buildEnvio, type EnvioInput, SII_RUT } from './envio';
export { assertIssuable, ISSUE_MESSAGES, type IssuedDte, type IssueInput, issueDte } from './issue';
export { pesoRate, pesosOf, pesoTotals, toPesos, VAT_PERCENT } from './pesos';
export { type PrintedDte, readDte } from './read';
export { type SecretBox, secretBox } from './secret-box';
export { getCompanyTax } from './setup';
export type { Signer } from './signature';
export { flatDd } from './ted';
export { tedOf, timbrePng } from './timbre';
