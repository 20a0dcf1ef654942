import { DOCUMENT_ALERT_KINDS } from '../../../domain/alerts';
import { AlertList } from './AlertList';
import { useAlerts } from './api';

const DOCUMENT_KINDS: readonly string[] = DOCUMENT_ALERT_KINDS;

/**
 * The sale's own alerts, at the top of its detail page; nothing at all when there are none. The
 * travel-document kinds are left out: the detail lists those passenger by passenger from the sale
 * itself, whatever its travel date (decision 0098), and would otherwise say them twice.
 */
export function SaleAlerts({ saleId }: { saleId: number }) {
  const { data } = useAlerts(saleId);
  const alerts = data?.alerts.filter((alert) => !DOCUMENT_KINDS.includes(alert.kind)) ?? [];
  if (!alerts.length) return null;
  return (
    <section aria-label="Alertas de la venta">
      <AlertList alerts={alerts} linkToSale={false} label="Alertas de la venta" />
    </section>
  );
}
