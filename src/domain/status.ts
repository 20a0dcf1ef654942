/** Status labels and badge colours of spec section 4; anything unknown is grey. */
export type BadgeColor = 'blue' | 'green' | 'yellow' | 'grey' | 'red';

export const SALE_STATUSES = ['draft', 'confirmed', 'completed', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const STATUS_LABELS: Record<string, string> = {
  draft: 'Borrador',
  confirmed: 'Confirmada',
  completed: 'Completada',
  cancelled: 'Cancelada',
  pending: 'Pendiente',
  paid: 'Pagado',
  failed: 'Fallido',
};

const STATUS_COLORS: Record<string, BadgeColor> = {
  confirmed: 'blue',
  completed: 'green',
  paid: 'green',
  pending: 'yellow',
  draft: 'grey',
  cancelled: 'red',
  failed: 'red',
};

export function statusColor(status: string): BadgeColor {
  return STATUS_COLORS[status] ?? 'grey';
}

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}
