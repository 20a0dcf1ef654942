import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../domain/format';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EditButton } from '../../components/ui/RowActions';
import { useMoney } from '../../lib/use-money';
import { type ItemDraft, itemTotals } from './form-model';
import { ItemModal } from './ItemModal';

interface SaleItemsEditorProps {
  items: readonly ItemDraft[];
  /** The sale's currency, in which prices are typed and totalled. */
  currency: string;
  onChange: (items: ItemDraft[]) => void;
  /** The server's messages for each item, by position (from a refused save). */
  errors: Record<number, string[]>;
}

/** Which item the modal is open for: a position in the list, or 'new'. */
type Editing = number | 'new' | null;

function dates(item: ItemDraft): string | null {
  if (!item.dateIn && !item.dateOut) return null;
  return `${formatDate(item.dateIn)} - ${formatDate(item.dateOut)}`;
}

/** The sale form's item list: add, edit and delete, with the running totals. */
export function SaleItemsEditor({ items, currency, onChange, errors }: SaleItemsEditorProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const totals = itemTotals(items);
  const formatMoney = useMoney();

  const save = (item: ItemDraft) => {
    onChange(editing === 'new' ? [...items, item] : items.map((old, i) => (i === editing ? item : old)));
    setEditing(null);
  };

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">Items de la venta</h2>
        <Button variant="secondary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          Agregar Item
        </Button>
      </div>

      {items.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-700">
          La venta necesita al menos un item.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 rounded-md border border-gray-200">
          {items.map((item, index) => (
            <li key={item.key} className="flex flex-wrap items-start justify-between gap-4 p-4">
              <div className="min-w-0 flex-1 basis-64 text-sm">
                <p className="font-medium text-gray-900">
                  Item {index + 1}: {item.classificationName} · {item.supplierName} · {item.operatorName}
                </p>
                <p className="text-gray-700">
                  Pasajeros: {item.passengers.map((p) => p.name).join(', ')}
                  {dates(item) && ` · ${dates(item)}`}
                </p>
                <p className="text-gray-700">
                  Venta {formatMoney(item.salePrice, currency)} · Costo{' '}
                  {formatMoney(item.costPrice, currency)}
                </p>
                {errors[index]?.map((message) => (
                  <p key={message} className="mt-1 text-red-700">
                    {message}
                  </p>
                ))}
              </div>
              <div className="flex gap-2">
                <EditButton label={`Editar item ${index + 1}`} onClick={() => setEditing(index)} />
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Eliminar item ${index + 1}`}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Eliminar
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <dl className="mt-4 flex flex-wrap justify-end gap-x-8 gap-y-2 text-sm">
        <div className="flex gap-2">
          <dt className="text-gray-700">Total venta:</dt>
          <dd className="font-semibold text-gray-900">{formatMoney(totals.totalSale, currency)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-gray-700">Total costo:</dt>
          <dd className="font-semibold text-gray-900">{formatMoney(totals.totalCost, currency)}</dd>
        </div>
      </dl>

      {editing !== null && (
        <ItemModal
          item={editing === 'new' ? undefined : items[editing]}
          currency={currency}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
    </Card>
  );
}
