import { useId } from 'react';
import { Link } from 'react-router';
import type { CommissionLine, CommissionSeller } from '../../../domain/commissions';
import { Card } from '../../components/ui/Card';
import { DataTable, type DataTableColumn, moneyColumn, TABLE_LINK } from '../../components/ui/DataTable';
import { Badge } from '../../components/ui/StatusBadge';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import { percentLabel } from './month';

/** The sale a line is about; an adjustment takes back a commission paid in a closed month. */
function SaleLink({ line }: { line: CommissionLine }) {
  return (
    <>
      <Link to={`/sales/${line.saleId}`} className={TABLE_LINK}>
        Venta #{line.saleId}
      </Link>
      {line.adjustment && (
        <Badge color="yellow" className="ml-2">
          Ajuste
        </Badge>
      )}
    </>
  );
}

function Percent({ percent }: { percent: number }) {
  return <>{percentLabel(percent, useNumberFormat())}</>;
}

const COLUMNS: ReadonlyArray<DataTableColumn<CommissionLine>> = [
  { key: 'sale', header: 'Venta', rowHeader: true, cell: (line) => <SaleLink line={line} /> },
  moneyColumn('base', 'Base', (line) => line.base),
  {
    key: 'percent',
    header: 'Porcentaje',
    align: 'right',
    cell: (line) => <Percent percent={line.percent} />,
  },
  moneyColumn('commission', 'Comisión', (line) => line.commission, 'font-semibold'),
];

/**
 * One seller's month: the total, then a line per sale. A table from a tablet up; on a phone each line
 * stacks its percent and base under the sale, so four amounts never push the page sideways.
 */
export function SellerCommissions({ seller }: { seller: CommissionSeller }) {
  const titleId = useId();
  const formatMoney = useMoney();
  const style = useNumberFormat();
  return (
    <Card className="p-5">
      <section aria-labelledby={titleId} className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={titleId} className="text-lg font-semibold break-all text-gray-900">
            {seller.username}
          </h2>
          <p className="text-sm text-gray-700">
            Total{' '}
            <span className="text-base font-semibold text-gray-900 tabular-nums">
              {formatMoney(seller.total)}
            </span>
          </p>
        </div>
        <div className="hidden sm:block">
          <DataTable
            caption={`Comisiones de ${seller.username}`}
            columns={COLUMNS}
            rows={seller.sales}
            rowKey={(line) => `${line.saleId}${line.adjustment ? '-ajuste' : ''}`}
            emptyText=""
          />
        </div>
        <ul aria-label={`Comisiones de ${seller.username}`} className="divide-y divide-gray-100 sm:hidden">
          {seller.sales.map((line) => (
            <li
              key={`${line.saleId}${line.adjustment ? '-ajuste' : ''}`}
              className="flex items-start justify-between gap-3 py-2 text-sm"
            >
              <div className="min-w-0">
                <SaleLink line={line} />
                <p className="text-gray-700 tabular-nums">
                  {percentLabel(line.percent, style)} de {formatMoney(line.base)}
                </p>
              </div>
              <p className="shrink-0 font-semibold text-gray-900 tabular-nums">
                {formatMoney(line.commission)}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
