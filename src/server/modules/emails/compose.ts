import MailComposer from 'nodemailer/lib/mail-composer';
import type { Database } from '../../db/client';
import { senderOf } from './sender';

/** A queued message with its files, as the worker sends it and the .eml download shows it. */
export interface OutgoingMessage {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  messageId: string;
  createdAt: Date;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * The message's bytes (RFC 822), built by nodemailer's MailComposer. The worker sends exactly these
 * and GET /api/emails/{id}/eml downloads them, so the download is what the client receives. The Date
 * is the queueing time and the Message-ID the one fixed then: a message sent again is the same message.
 */
export async function composeMessage(db: Database, message: OutgoingMessage): Promise<Buffer> {
  const from = await senderOf(db);
  return new MailComposer({
    from,
    to: message.to,
    cc: message.cc,
    subject: message.subject,
    text: message.body,
    messageId: message.messageId,
    date: message.createdAt,
    attachments: message.attachments.map(({ filename, contentType, content }) => ({
      filename,
      contentType,
      content,
    })),
  })
    .compile()
    .build();
}

/** Who the SMTP server delivers to: every To and Cc address (the envelope, not the headers). */
export const envelopeOf = (message: OutgoingMessage, from: string) => ({
  from,
  to: [...message.to, ...message.cc],
});
