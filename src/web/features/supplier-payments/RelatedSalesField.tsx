import type { ReactNode } from 'react';
import { formatDate } from '../../../domain/format';
import { sumMoney } from '../../../domain/money';
import { Spinner } from '../../components/ui/Spinner';
import { useMoney } from '../../lib/use-money';
import { useSupplierSummary } from './api';

interface RelatedSalesFieldProps {
  supplierId: number | null;
  /** Typed as the schema's input, which coerces ids; this field only ever puts numbers in it. */
  value: readonly unknown[];
  /** The ticked sales, and what they still owe the supplier in all (USD). */
  onChange: (saleIds: unknown[], pendingUsd: number) => void;
}

function Hint({ children }: { children: ReactNode }) {
  return <p className="text-sm text-gray-700">{children}</p>;
}

/**
 * The chosen supplier's sales to tick, each with what it still owes the supplier; the server refuses
 * sales of another supplier anyway.
 */
export function RelatedSalesField({ supplierId, value, onChange }: RelatedSalesFieldProps) {
  const summary = useSupplierSummary(supplierId);
  const formatMoney = useMoney();
  const toggle = (saleId: number, checked: boolean) => {
    const ticked = checked ? [...value, saleId] : value.filter((id) => id !== saleId);
    const sales = summary.data?.sales.filter((sale) => ticked.includes(sale.id)) ?? [];
    onChange(ticked, sumMoney(sales.map((sale) => sale.pendingAmount)));
  };

  let content: ReactNode;
  if (supplierId === null) content = <Hint>Selecciona un proveedor para ver sus ventas</Hint>;
  else if (summary.isPending) content = <Spinner label="Cargando ventas..." className="justify-start py-2" />;
  else if (summary.error) content = <Hint>Error al cargar datos del proveedor</Hint>;
  else if (summary.data.sales.length === 0) content = <Hint>Este proveedor no tiene ventas</Hint>;
  else {
    content = (
      <ul className="max-h-64 divide-y divide-gray-100 overflow-y-auto rounded-md border border-gray-200">
        {summary.data.sales.map((sale) => (
          <li key={sale.id}>
            <label className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm hover:bg-gray-50">
              <input
                type="checkbox"
                className="size-4 accent-blue-600"
                checked={value.includes(sale.id)}
                onChange={(event) => toggle(sale.id, event.target.checked)}
              />
              <span className="font-medium text-gray-900">#{sale.id}</span>
              <span className="text-gray-900">{sale.passengerName}</span>
              <span className="text-gray-700">{formatMoney(sale.costInSaleCurrency, sale.currency)}</span>
              <span className="text-gray-700">{formatDate(sale.creationDate)}</span>
              <span className="basis-full pl-7 text-gray-700">
                Pendiente de esta venta con el proveedor: {formatMoney(sale.pendingAmount)}
              </span>
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-800">Ventas relacionadas (opcional)</legend>
      {content}
    </fieldset>
  );
}
