import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Database } from '../../db/client';
import { loadSigner } from './issue';
import type { SecretBox } from './secret-box';
import { signDocument } from './signature';

/**
 * The company's certificate as the SII's outbox uses it (app.ts hands it over: the sii module may not
 * import this one, which queues into it): who holds it, and a whole-document signature for the
 * token request. Refused like issuing when missing, expired or sealed with another SECRET_KEY.
 */
export async function companySigner(db: Database, box: SecretBox, now: Date) {
  const signer = await loadSigner(db, box, now);
  return {
    holderRut: signer.holderRut,
    signDocument: (root: XMLBuilder) => signDocument(root, signer),
  };
}
