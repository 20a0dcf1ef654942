import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { commissionsApi } from '../../../domain/api/commissions';
import { sumMoney } from '../../../domain/money';
import { useCanCall } from '../../auth';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListPage } from '../../components/ui/ListPage';
import { MonthPicker } from '../../components/ui/MonthPicker';
import { Badge } from '../../components/ui/StatusBadge';
import { SummaryCard } from '../../components/ui/SummaryCard';
import { monthLabel, monthParam, useAgencyMonth } from '../../lib/agency-month';
import { useMoney } from '../../lib/use-money';
import { commissionsMonthQuery, useCloseCommissionMonth } from './api';
import { SellerCommissions } from './SellerCommissions';

const TEXTS = {
  loadingLabel: 'Cargando comisiones...',
  errorTitle: 'Error al cargar las comisiones',
  emptyText: 'Sin comisiones en este mes',
};

/** "Cerrar mes" (admin): asks first, since a closed month never changes again. */
function CloseMonthButton({ month }: { month: string }) {
  const [open, setOpen] = useState(false);
  const close = useCloseCommissionMonth();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Lock aria-hidden="true" className="size-4" />
        Cerrar mes
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Cerrar las comisiones de ${monthLabel(month)}`}
        description="Las comisiones del mes quedan guardadas como están: un cambio de reglas o de ventas ya no las mueve. Una venta anulada después se descuenta en el siguiente mes abierto."
        confirmLabel="Cerrar mes"
        pendingLabel="Cerrando..."
        errorTitle="No se pudo cerrar el mes"
        onConfirm={async () => toast.success((await close.mutateAsync(month)).message)}
      />
    </>
  );
}

/**
 * /commissions (decision 0100): a month's commissions by seller, for every role; a seller's reply holds
 * only their own. The month lives in ?month= so a reload or a shared link keeps it.
 */
export function CommissionsPage() {
  const current = useAgencyMonth();
  const [params, setParams] = useSearchParams();
  const month = monthParam(params.get('month'), current);
  const { data, isPending, error } = useQuery(commissionsMonthQuery(month));
  const canClose = useCanCall(commissionsApi.close);
  const formatMoney = useMoney();
  const sellers = data?.sellers ?? [];

  return (
    <ListPage
      title="Comisiones"
      exportMenu={
        <ExportMenu endpoint={commissionsApi.export} query={{ month }} fileName={`comisiones-${month}`} />
      }
      filters={
        <div className="flex flex-wrap items-end gap-3">
          <MonthPicker month={month} onChange={(next) => setParams({ month: next }, { replace: true })} />
          {data?.closed && (
            <Badge color="grey" className="mb-2">
              Mes cerrado
            </Badge>
          )}
          {data && !data.closed && canClose && <CloseMonthButton month={month} />}
        </div>
      }
      summary={
        sellers.length > 1 && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <SummaryCard
              title={`Total de ${monthLabel(month)}`}
              value={formatMoney(sumMoney(sellers.map((s) => s.total)))}
            />
          </div>
        )
      }
      list={{ isPending, error, isEmpty: sellers.length === 0, ...TEXTS }}
    >
      <div className="space-y-4">
        {sellers.map((seller) => (
          <SellerCommissions key={seller.sellerId} seller={seller} />
        ))}
      </div>
    </ListPage>
  );
}
