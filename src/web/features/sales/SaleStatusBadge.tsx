import { StatusBadge } from '../../components/ui/StatusBadge';

/** Spec 4: a completed sale is shown as "liquidada", the word the agency uses for settling it. */
export function SaleStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} label={status === 'completed' ? 'Liquidada' : undefined} />;
}
