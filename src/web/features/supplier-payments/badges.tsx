import { balanceBadge } from '../../../domain/supplier-payments';
import { Badge } from '../../components/ui/StatusBadge';

/** Pagado / Pendiente / Urgente for what is still owed to a supplier (thresholds 0 and 1000). */
export function BalanceBadge({ pending }: { pending: number }) {
  const { label, color } = balanceBadge(pending);
  return <Badge color={color}>{label}</Badge>;
}
