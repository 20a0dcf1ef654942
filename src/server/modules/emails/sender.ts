import type { Database } from '../../db/client';
import { getCompanySettings } from '../company';

/**
 * Used when Configuraciones has neither a sender address nor the company's email: an address of a
 * reserved domain, so an SMTP relay that checks senders refuses it loudly instead of spoofing anyone.
 */
export const FALLBACK_SENDER = 'backoffice@agencia.invalid';

/** The From of every message: "Agencia" <emailFrom>, else the company's email, else FALLBACK_SENDER. */
export async function senderOf(db: Database): Promise<{ name: string; address: string }> {
  const company = await getCompanySettings(db);
  return { name: company.name, address: company.emailFrom || company.email || FALLBACK_SENDER };
}

/** The part after @ of the sender: Message-IDs are made on the sender's domain. */
export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1) || 'agencia.invalid';
