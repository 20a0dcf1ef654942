import { balanceBadge } from '../../../domain/supplier-payments';
import { Badge, StatusBadge } from '../../components/ui/StatusBadge';

/** Pagado / Pendiente / Urgente for what is still owed to a supplier (spec 4). */
export function BalanceBadge({ pending }: { pending: number }) {
  const { label, color } = balanceBadge(pending);
  return <Badge color={color}>{label}</Badge>;
}

/** A sale's status as the sales screens show it: completed reads 'Liquidada' (spec 4). */
export function SaleBadge({ status, className }: { status: string; className?: string }) {
  return (
    <StatusBadge
      status={status}
      label={status === 'completed' ? 'Liquidada' : undefined}
      className={className}
    />
  );
}
