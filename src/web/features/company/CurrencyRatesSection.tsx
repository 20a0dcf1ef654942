import { useQuery } from '@tanstack/react-query';
import { ToggleLeft, ToggleRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { companyApi } from '../../../domain/api/company';
import type { CurrencyRate } from '../../../domain/company';
import { rateEquation, unitsPerUsdEquation } from '../../../domain/rate-text';
import { ActionList, ActionRow } from '../../components/ui/ActionList';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListPage } from '../../components/ui/ListPage';
import { EditButton } from '../../components/ui/RowActions';
import { Badge } from '../../components/ui/StatusBadge';
import { useNumberFormat } from '../../lib/use-money';
import { useAgencyPreferences } from './agency';
import { currencyRatesQuery, useDeleteRate, useToggleRate } from './api';
import { CurrencyRateDialog, RATE_ERROR } from './CurrencyRateForm';
import { isBaseCurrency, lastUpdatedText } from './rate-text';

export const DELETE_RATE_CONFIRM = '¿Estás seguro de que quieres eliminar esta tasa de cambio?';

const TEXTS = {
  loadingLabel: 'Cargando tasas de cambio...',
  errorTitle: 'Error al cargar las tasas de cambio',
  emptyText: 'No hay tasas de cambio configuradas',
};

interface RateRowProps {
  rate: CurrencyRate;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

function RateRow({ rate, busy, onEdit, onToggle, onDelete }: RateRowProps) {
  const base = isBaseCurrency(rate);
  const { timeZone } = useAgencyPreferences();
  const style = useNumberFormat();
  return (
    <ActionRow
      title={rate.currency}
      inactive={!rate.isActive}
      badges={
        <>
          {base && <Badge color="blue">Moneda base</Badge>}
          {!rate.isActive && <Badge color="grey">Inactiva</Badge>}
        </>
      }
      details={
        <>
          <p className="text-sm text-gray-800">{rateEquation(rate.currency, rate.rate, style)}</p>
          {/* Four decimals show 0.00105 and 0.00108 alike; the units per USD, as kept, tell them apart. */}
          {!base && (
            <p className="text-sm text-gray-800">
              {unitsPerUsdEquation(rate.currency, rate.unitsPerUsd, style)}
            </p>
          )}
          <p className="text-sm text-gray-700">
            Última actualización: {lastUpdatedText(rate.lastUpdated, timeZone)}
          </p>
        </>
      }
      // The base currency is fixed at 1 and always active, so it offers nothing to change.
      actions={
        !base && (
          <>
            <EditButton label={`Editar ${rate.currency}`} onClick={onEdit} />
            <Button
              variant="secondary"
              size="sm"
              aria-label={`${rate.isActive ? 'Desactivar' : 'Activar'} ${rate.currency}`}
              disabled={busy}
              onClick={onToggle}
            >
              {rate.isActive ? (
                <ToggleRight aria-hidden="true" className="size-4 text-green-700" />
              ) : (
                <ToggleLeft aria-hidden="true" className="size-4" />
              )}
              {rate.isActive ? 'Desactivar' : 'Activar'}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Eliminar ${rate.currency}`}
              className="text-red-700 hover:bg-red-50"
              disabled={busy}
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Eliminar
            </Button>
          </>
        )
      }
    />
  );
}

/** Configuraciones > Tasas de Cambio: what one unit of each currency is worth in USD, and one USD in it. */
export function CurrencyRatesSection() {
  const query = useQuery(currencyRatesQuery());
  const toggle = useToggleRate();
  const remove = useDeleteRate();
  const [dialog, setDialog] = useState<{ rate?: CurrencyRate } | null>(null);
  // The last failed toggle or delete, kept in view until the next action.
  const [actionError, setActionError] = useState<unknown>(null);
  const rates = query.data ?? [];

  const toggleRate = (rate: CurrencyRate) => {
    setActionError(null);
    toggle.mutate(rate.id, {
      onSuccess: (saved) =>
        toast.success(`Tasa de ${saved.currency} ${saved.isActive ? 'activada' : 'desactivada'}`),
      onError: (error) => setActionError(error),
    });
  };

  const deleteRate = (rate: CurrencyRate) => {
    // The browser's own confirmation, not a dialog of ours, as the agency's staff know it.
    if (!window.confirm(DELETE_RATE_CONFIRM)) return;
    setActionError(null);
    remove.mutate(rate.id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => setActionError(error),
    });
  };

  const busyId = toggle.isPending ? toggle.variables : remove.isPending ? remove.variables : undefined;

  return (
    <ListPage
      title="Tasas de Cambio"
      level={2}
      className="space-y-4"
      exportMenu={<ExportMenu endpoint={companyApi.exportRates} fileName="tasas-de-cambio" />}
      create={{ label: 'Agregar Tasa', onClick: () => setDialog({}) }}
      intro={actionError !== null && <ErrorAlert title={RATE_ERROR} error={actionError} />}
      list={{ isPending: query.isPending, error: query.error, isEmpty: rates.length === 0, ...TEXTS }}
      dialogs={<CurrencyRateDialog target={dialog} onClose={() => setDialog(null)} />}
    >
      <ActionList>
        {rates.map((rate) => (
          <RateRow
            key={rate.id}
            rate={rate}
            busy={busyId === rate.id}
            onEdit={() => setDialog({ rate })}
            onToggle={() => toggleRate(rate)}
            onDelete={() => deleteRate(rate)}
          />
        ))}
      </ActionList>
    </ListPage>
  );
}
