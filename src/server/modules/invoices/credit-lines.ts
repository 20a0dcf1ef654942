import { formatPesos } from '../../../domain/format';
import { CREDIT_NOTE_KIND_LABELS, type CreditNoteBody } from '../../../domain/invoices';
import type { CreditedLine, InvoiceItemSnapshot } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-errors';
import type { DteLine } from '../dte';

export const CREDIT_LINE_MESSAGES = {
  unknownItem: (id: number, count: number) =>
    `El ítem ${id} no es de esta factura: tiene ${count === 1 ? 'un ítem' : `los ítems 1 a ${count}`}`,
  nothingLeft: (id: number) => `El ítem ${id} ya fue acreditado por completo: no queda monto por acreditar`,
  tooMuch: (id: number, left: bigint) =>
    `Al ítem ${id} le quedan ${formatPesos(left)} por acreditar: indica ese monto o uno menor`,
  wholeLeft:
    'Esta corrección acredita todo lo que queda de la factura: para eso anúlala (elige "Anular factura")',
  amountsCheck: 'Revisa los montos a acreditar',
} as const;

/** The name of an item's line, as the invoice's DTE wrote it. */
const lineName = (item: InvoiceItemSnapshot) =>
  item.description || `${item.classificationName} - ${item.supplierName}`;

/** The pesos of each item (by its line number, from 1) that earlier credit notes have not credited. */
export function pesosLeft(
  items: readonly Pick<InvoiceItemSnapshot, 'pesos'>[],
  notes: readonly { lines: readonly CreditedLine[] }[],
): bigint[] {
  const left = items.map((item) => BigInt(item.pesos ?? '0'));
  for (const { itemId, pesos } of notes.flatMap((note) => note.lines)) {
    const index = itemId - 1;
    if (index >= 0 && index < left.length) left[index] = (left[index] ?? 0n) - BigInt(pesos);
  }
  return left;
}

export interface CreditLines {
  /** The note's lines: what the DTE states. */
  lines: DteLine[];
  /** What it credits of each item, as kept on the note. */
  credited: CreditedLine[];
}

/**
 * The lines of a credit note of `kind` on an invoice whose items have `left` pesos each, or a refusal
 * (before any folio is taken):
 * - annul: every item with what is left of it (an item corrections emptied is left out), so a note
 *   on an uncorrected invoice has exactly the invoice's lines and totals;
 * - text: the SII's correction of text, one line with the correction and no amounts;
 * - amounts: each named item with the pesos it credits, at most what is left of it, leaving something
 *   of the invoice (crediting all that is left is an annulment).
 */
export function creditLines(
  items: readonly InvoiceItemSnapshot[],
  left: readonly bigint[],
  body: CreditNoteBody,
): CreditLines {
  if (body.kind === 'text') {
    return { lines: [{ name: body.reason, pesos: 0n, exempt: false }], credited: [] };
  }
  const credit =
    body.kind === 'annul'
      ? items.flatMap((_, index) => {
          const pesos = left[index] ?? 0n;
          const emptied = pesos === 0n && BigInt(items[index]?.pesos ?? '0') > 0n;
          return emptied ? [] : [{ itemId: index + 1, pesos }];
        })
      : amountsOf(items, left, body.lines ?? []);
  return {
    lines: credit.map(({ itemId, pesos }) => {
      const item = items[itemId - 1] as InvoiceItemSnapshot;
      return { name: lineName(item), pesos, exempt: item.exempt ?? false };
    }),
    credited: credit.map(({ itemId, pesos }) => ({ itemId, pesos: pesos.toString() })),
  };
}

/** The named items' amounts, checked against what is left of each; in the invoice's order. */
function amountsOf(
  items: readonly InvoiceItemSnapshot[],
  left: readonly bigint[],
  lines: NonNullable<CreditNoteBody['lines']>,
) {
  const errors: { path: string; message: string }[] = [];
  lines.forEach(({ itemId, pesos }, index) => {
    const remaining = left[itemId - 1];
    if (remaining === undefined) {
      errors.push({
        path: `lines.${index}.itemId`,
        message: CREDIT_LINE_MESSAGES.unknownItem(itemId, items.length),
      });
    } else if (remaining === 0n) {
      errors.push({ path: `lines.${index}.pesos`, message: CREDIT_LINE_MESSAGES.nothingLeft(itemId) });
    } else if (BigInt(pesos) > remaining) {
      errors.push({ path: `lines.${index}.pesos`, message: CREDIT_LINE_MESSAGES.tooMuch(itemId, remaining) });
    }
  });
  const [first] = errors;
  if (first)
    throw badRequest(errors.length === 1 ? first.message : CREDIT_LINE_MESSAGES.amountsCheck, errors);
  const credit = lines
    .map(({ itemId, pesos }) => ({ itemId, pesos: BigInt(pesos) }))
    .sort((a, b) => a.itemId - b.itemId);
  const creditedNow = credit.reduce((sum, line) => sum + line.pesos, 0n);
  if (creditedNow === left.reduce((sum, pesos) => sum + pesos, 0n)) {
    throw conflict(CREDIT_LINE_MESSAGES.wholeLeft);
  }
  return credit;
}

/** "61 N° 5, corrige montos, CLP 10,000": the note as the audit trail names it. */
export const noteSummary = (folio: number, kind: CreditNoteBody['kind'], total: bigint) =>
  `61 N° ${folio}, ${CREDIT_NOTE_KIND_LABELS[kind].toLowerCase()}${kind === 'text' ? '' : `, ${formatPesos(total)}`}`;
