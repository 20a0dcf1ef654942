import pg from 'pg';
import { type Call, type Measurement, measure } from './load';
import { call, type Timing, timeEach } from './timing';

/*
 * The client's documents (docs/decisions/0054-documents.md), generated on each request: a quote of a draft
 * sale, the itinerary of a confirmed one and the receipt of a confirmed payment. Timed one at a time, then
 * the sales list measured alone and while 8 generations run at once.
 */

const RECORDS = 20;

/** The newest `limit` sales of the seeded data in `status`. */
export async function saleIds(databaseUrl: string, status: string, limit: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      'select id from sales where status = $1 order by id desc limit $2',
      [status, limit],
    );
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** Draft and confirmed sales of the seeded data, and payments with a receipt number (made here). */
async function documentRecords(url: string, databaseUrl: string, token: string) {
  const drafts = await saleIds(databaseUrl, 'draft', RECORDS);
  const confirmed = await saleIds(databaseUrl, 'confirmed', RECORDS);
  // Seeded payments were written with the triggers off and have no receipt number: pay anew.
  const payments: number[] = [];
  for (const saleId of confirmed) {
    const body = { saleId, date: new Date().toISOString().slice(0, 10), amount: '1.00' };
    const reply = (await (await call(`${url}/api/payments`, token, 'POST', body)).json()) as {
      payment: { id: number };
    };
    payments.push(reply.payment.id);
  }
  return { drafts, confirmed, payments };
}

export interface PdfFigures {
  timings: Timing[];
  listAlone: Measurement;
  listWithPdfs: Measurement;
}

export async function pdfFigures(
  url: string,
  serverPid: number,
  databaseUrl: string,
  token: string,
  list: Call,
  options: { count: number; seconds: number },
): Promise<PdfFigures> {
  const { drafts, confirmed, payments } = await documentRecords(url, databaseUrl, token);
  const at = (ids: number[], i: number) => ids[i % ids.length] as number;
  const documents: { name: string; path: (i: number) => string }[] = [
    { name: 'PDF cotización (1 cliente)', path: (i) => `/api/sales/${at(drafts, i)}/quote.pdf` },
    {
      name: 'PDF comprobante de pago (1 cliente)',
      path: (i) => `/api/payments/${at(payments, i)}/receipt.pdf`,
    },
    { name: 'PDF itinerario (1 cliente)', path: (i) => `/api/sales/${at(confirmed, i)}/itinerary.pdf` },
  ];
  const fetchPdf = async (path: string) => {
    const response = await call(`${url}${path}`, token, 'GET');
    await response.arrayBuffer();
  };
  const timings: Timing[] = [];
  for (const document of documents) {
    timings.push(await timeEach(document.name, serverPid, options.count, (i) => fetchPdf(document.path(i))));
  }

  const listAlone = await measure(url, list, 1, options.seconds);
  // 8 generations at once, the three kinds in turn, for as long as the list is measured.
  let generating = true;
  let generated = 0;
  const generator = async (worker: number) => {
    for (let i = worker; generating; i += 8) {
      const document = documents[i % documents.length];
      if (document) await fetchPdf(document.path(i));
      generated++;
    }
  };
  const generators = Array.from({ length: 8 }, (_, worker) => generator(worker));
  const listWithPdfs = await measure(url, list, 1, options.seconds);
  generating = false;
  await Promise.all(generators);
  listWithPdfs.call = `${list.name}, con 8 PDF a la vez (${generated} PDF)`;
  return { timings, listAlone, listWithPdfs };
}
