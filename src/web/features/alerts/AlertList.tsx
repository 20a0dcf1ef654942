import { Link } from 'react-router';
import type { Alert } from '../../../domain/alerts';
import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { ALERT_STYLE } from './alert-style';

interface AlertListProps {
  alerts: Alert[];
  /** On the dashboard each alert names and opens its sale; on the sale itself it does not need to. */
  linkToSale: boolean;
  label: string;
}

export function AlertList({ alerts, linkToSale, label }: AlertListProps) {
  return (
    <ul className="space-y-2" aria-label={label}>
      {alerts.map((alert) => {
        const { icon: Icon, className } = ALERT_STYLE[alert.kind];
        const body = (
          <>
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span className="min-w-0">
              {linkToSale && (
                <span className="block font-medium">
                  Venta #{alert.saleId} · {alert.passengerName}
                </span>
              )}
              <span className="block">{alert.message}</span>
            </span>
          </>
        );
        const box = cn('flex items-start gap-3 rounded-md border px-3 py-2 text-sm', className);
        return (
          // A sale can carry the same kind twice (two supplier items); their messages differ.
          <li key={`${alert.kind}-${alert.saleId}-${alert.message}`}>
            {linkToSale ? (
              <Link to={`/sales/${alert.saleId}`} className={cn(box, 'hover:brightness-95', FOCUS_RING)}>
                {body}
              </Link>
            ) : (
              <div className={box}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
