import { fillPlaceholders } from '../../../domain/document-emails';
import { UNNAMED_AGENCY } from '../../../domain/documents';

/** What a document's e-mail says, from the document, its client, the company and the chosen words. */
export interface DocumentText {
  /** The document's title ("Cotización COT-12-3"), as printed on it. */
  title: string;
  filename: string;
  clientName: string;
  company: { name: string; phone: string; email: string };
  /** The person's own words when given, else the company's template (placeholders in either). */
  message: string;
}

/** Subjects are at most 200 characters: a long client name is cut, never the whole subject refused. */
const SUBJECT_MAX = 200;

/**
 * Subject: the document's title and the agency ("Cotización COT-12-3 - Viajes Sur"). Body: the
 * message with {cliente}, {documento} and {empresa} filled, then always the attached document's
 * name and file and the agency's signature, whatever the message says (decision 0064).
 */
export function documentEmailText(input: DocumentText): { subject: string; body: string } {
  const agency = input.company.name || UNNAMED_AGENCY;
  const suffix = ` - ${agency}`;
  const title =
    input.title.length + suffix.length > SUBJECT_MAX
      ? `${input.title.slice(0, Math.max(0, SUBJECT_MAX - suffix.length - 3))}...`
      : input.title;
  const message = fillPlaceholders(input.message, {
    cliente: input.clientName,
    documento: input.title,
    empresa: agency,
  }).trim();
  const contact = [input.company.phone, input.company.email].filter(Boolean).join(' · ');
  const body = [
    message,
    `Documento adjunto: ${input.title} (${input.filename})`,
    ['--', agency, contact].filter(Boolean).join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject: `${title}${suffix}`.slice(0, SUBJECT_MAX), body };
}
