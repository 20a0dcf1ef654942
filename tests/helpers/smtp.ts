import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { freePort } from './free-port';

/** One message the test's SMTP server accepted: the envelope's recipients, the bytes and their parse. */
export interface Received {
  rcptTo: string[];
  raw: Buffer;
  mail: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 for a test (the `smtp-server` package). It keeps what it accepts,
 * and `refuse` makes it answer every message with an SMTP reply code (451 temporary, 550 permanent)
 * until set back to undefined, and `answerAfter` makes it slow. `stop` and `start` take it down and bring it up on the same port, for
 * "the SMTP server was down".
 */
export async function startSmtp() {
  const port = await freePort();
  const received: Received[] = [];
  let refuse: number | undefined;
  let delayMs = 0;
  let server: SMTPServer | undefined;

  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (refuse !== undefined) {
            const error: SMTPServerError = new Error(`Rechazado por la prueba (${refuse})`);
            error.responseCode = refuse;
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then((mail) => {
            received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), raw, mail });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
  };
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await start();

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith(code: number | undefined) {
      refuse = code;
    },
    /** Answers each message only after `ms`: a send that is under way for a while. */
    answerAfter(ms: number) {
      delayMs = ms;
    },
    start,
    stop,
    /** Waits until `count` messages arrived (or fails after `ms`). */
    async until(count: number, ms = 10_000) {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > ms)
          throw new Error(`SMTP: ${received.length} of ${count} messages after ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;
