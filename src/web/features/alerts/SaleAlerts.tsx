import { AlertList } from './AlertList';
import { useAlerts } from './api';

/** The sale's own alerts, at the top of its detail page; nothing at all when there are none. */
export function SaleAlerts({ saleId }: { saleId: number }) {
  const { data } = useAlerts(saleId);
  if (!data?.alerts.length) return null;
  return (
    <section aria-label="Alertas de la venta">
      <AlertList alerts={data.alerts} linkToSale={false} label="Alertas de la venta" />
    </section>
  );
}
