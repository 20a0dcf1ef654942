import { EMAIL_STATUS_LABELS, type EmailStatus } from '../../../domain/emails';
import { Badge } from '../../components/ui/StatusBadge';

const COLORS = { pending: 'yellow', sent: 'green', failed: 'red', cancelled: 'grey' } as const;

/** Pendiente, Enviado, Fallido, Cancelado. */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <Badge color={COLORS[status]}>{EMAIL_STATUS_LABELS[status]}</Badge>;
}
