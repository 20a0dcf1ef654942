import { useState } from 'react';
import { paymentsApi } from '../../../domain/api/payments';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../domain/payments';
import { PAYMENT_STATUS_FILTER_LABEL, statusFilterOptions } from '../../../domain/status';
import { useCanCall } from '../../auth';
import { Card } from '../../components/ui/Card';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { FilterButtons } from '../../components/ui/FilterButtons';
import { LinkCardList } from '../../components/ui/LinkCard';
import { ListPage } from '../../components/ui/ListPage';
import { serverPages } from '../../components/ui/Pagination';
import { ChoiceField } from '../../components/ui/SelectField';
import { useMoney } from '../../lib/use-money';
import { useFilterPage, useSearchBox } from '../../lib/use-paged-list';
import { usePaymentsList } from './api';
import { PaymentCard } from './PaymentCard';

const SEARCH_LABEL = 'Buscar pagos por cliente o referencia';
const TEXTS = {
  loadingLabel: 'Cargando pagos...',
  errorTitle: 'Error al cargar pagos',
  emptyText: 'No se encontraron pagos',
};

type StatusFilter = PaymentStatus | 'all';
type MethodFilter = PaymentMethod | 'all';

const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = statusFilterOptions(
  'Todos',
  PAYMENT_STATUS_FILTER_LABEL,
);

const METHOD_OPTIONS: ReadonlyArray<{ value: MethodFilter; label: string }> = [
  { value: 'all', label: 'Todos los métodos' },
  ...PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
];

function Total({ label, amount, className }: { label: string; amount: number; className: string }) {
  const formatMoney = useMoney();
  return (
    <Card className="p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className={`mt-1 text-2xl font-semibold ${className}`}>{formatMoney(amount)}</dd>
    </Card>
  );
}

/** /payments: every customer payment the user may see (the server scopes it), newest first. */
export function PaymentsPage() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [method, setMethod] = useState<MethodFilter>('all');
  const { q, box } = useSearchBox();
  const [page, setPage] = useFilterPage(`${status}|${method}|${q}`);

  const { data, isPending, error } = usePaymentsList({ status, method, q, page });
  // Finance confirms pending payments but does not delete them (decision 0043).
  const canDelete = useCanCall(paymentsApi.remove);

  return (
    <ListPage
      title="Pagos"
      exportMenu={
        <ExportMenu
          endpoint={paymentsApi.export}
          query={{
            status: status === 'all' ? undefined : status,
            method: method === 'all' ? undefined : method,
            q,
          }}
          fileName="pagos"
        />
      }
      search={{ ...box, label: SEARCH_LABEL, placeholder: 'Buscar por cliente o referencia...' }}
      filters={
        <div className="flex flex-wrap items-end gap-4">
          <FilterButtons
            legend="Filtrar por estado"
            options={STATUS_FILTERS}
            value={status}
            onChange={setStatus}
          />
          <ChoiceField
            label="Método de pago"
            options={METHOD_OPTIONS}
            value={method}
            onValueChange={setMethod}
            className="w-56"
          />
        </div>
      }
      summary={
        data && (
          <dl className="grid gap-4 sm:grid-cols-2" aria-label="Totales de los pagos listados">
            <Total label="Total confirmado" amount={data.totals.confirmed} className="text-green-700" />
            <Total label="Total pendiente" amount={data.totals.pending} className="text-yellow-800" />
          </dl>
        )
      }
      list={{ isPending, error, isEmpty: !data?.payments.length, ...TEXTS }}
      pagination={serverPages(data?.pagination, setPage)}
    >
      <LinkCardList items={data?.payments}>
        {(payment) => <PaymentCard payment={payment} canDelete={canDelete} />}
      </LinkCardList>
    </ListPage>
  );
}
