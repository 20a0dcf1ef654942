import { pesosPerUnitText } from '../../../domain/format';
import { EXEMPT_REASON_LABELS } from '../../../domain/invoice-preview';
import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { useNumberFormat, usePesos } from '../../lib/use-money';
import type { InvoicePreview, InvoicePreviewLine } from './api';

/** The document's name as the dialog shows it, with the SII's type code. */
const TYPE_NAMES: Record<InvoicePreview['dteType'], string> = {
  33: 'Factura Electrónica (33)',
  34: 'Factura No Afecta o Exenta (34)',
  39: 'Boleta Electrónica (39)',
  41: 'Boleta No Afecta o Exenta (41)',
};

/**
 * An item's IVA as a switch, on for Exento. The words on both sides say what each position means; the
 * switch's own name says which line it is, so a screen reader hears "Exento: Hotel…, activado".
 * A label around it lets a click on either word toggle it too.
 */
function ExemptSwitch({
  line,
  exempt,
  onToggle,
}: {
  line: InvoicePreviewLine;
  exempt: boolean;
  onToggle: () => void;
}) {
  const word = (on: boolean) => (on ? 'font-semibold text-gray-900' : 'text-gray-600');
  return (
    <label className="ml-auto flex cursor-pointer items-center gap-2 text-sm">
      <span aria-hidden="true" className={word(!exempt)}>
        Afecto
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={exempt}
        aria-label={`Exento: ${line.description}`}
        onClick={onToggle}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          FOCUS_RING,
          exempt ? 'bg-blue-600' : 'bg-gray-500',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            exempt ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
      <span aria-hidden="true" className={word(exempt)}>
        Exento
      </span>
    </label>
  );
}

interface InvoicePreviewLinesProps {
  preview: InvoicePreview;
  /** Each line's exemption as chosen on screen (ahead of the preview being read again). */
  exemptOf: (line: InvoicePreviewLine) => boolean;
  /** Set for an admin: each line gets its switch. */
  onToggle?: (line: InvoicePreviewLine) => void;
}

/** The invoice's lines in pesos, each exempt or taxable and why. */
export function InvoicePreviewLines({ preview, exemptOf, onToggle }: InvoicePreviewLinesProps) {
  const formatPesos = usePesos();
  return (
    <ul
      aria-label="Ítems de la factura"
      className="divide-y divide-gray-200 rounded-md border border-gray-200"
    >
      {preview.lines.map((line) => (
        <li key={line.itemId} className="space-y-1 p-3">
          <div className="flex items-start justify-between gap-3">
            <span className="min-w-0 text-sm font-medium break-words text-gray-900">{line.description}</span>
            <span className="text-sm whitespace-nowrap text-gray-900">{formatPesos(line.pesos)}</span>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <span className="text-sm text-gray-700">
              {line.exempt ? 'Exento de IVA' : 'Afecto a IVA'}, {EXEMPT_REASON_LABELS[line.reason]}
            </span>
            {onToggle && <ExemptSwitch line={line} exempt={exemptOf(line)} onToggle={() => onToggle(line)} />}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Exento, Neto, IVA and Total in pesos, the document's type and the rate the amounts were converted at. */
export function InvoicePreviewTotals({ preview, updating }: { preview: InvoicePreview; updating: boolean }) {
  const rows: [string, number][] = [
    ['Exento', preview.exemptAmount],
    ['Neto', preview.netAmount],
    [`IVA ${preview.vatPercent} %`, preview.vatAmount],
  ];
  const formatPesos = usePesos();
  const style = useNumberFormat();
  return (
    <section aria-label="Totales" aria-live="polite" aria-busy={updating} className="space-y-2 text-sm">
      <dl className={cn('space-y-1', updating && 'opacity-60')}>
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-gray-700">{label}</dt>
            <dd className="whitespace-nowrap text-gray-900">{formatPesos(amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-gray-300 pt-1 text-base font-bold text-gray-900">
          <dt>Total</dt>
          <dd className="whitespace-nowrap">{formatPesos(preview.totalAmount)}</dd>
        </div>
      </dl>
      <p className="text-gray-900">
        <span className="text-gray-700">Documento: </span>
        {TYPE_NAMES[preview.dteType]}
      </p>
      {preview.exchangeRate ? (
        <p className="text-gray-700">
          Tipo de cambio: {pesosPerUnitText(preview.exchangeRate, preview.currency, style)}
        </p>
      ) : null}
      {updating && <p className="text-gray-700">Actualizando los montos...</p>}
    </section>
  );
}
