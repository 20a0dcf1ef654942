import { ALERT_KIND_LABELS, ALERT_KINDS, type AlertsReply } from '../../../domain/alerts';
import { formatDate, formatMoney, type NumberFormat } from '../../../domain/format';

/** A morning digest: "who", the day, and the alerts by kind, each kind's count with its first ones. */
export function digestText(who: { username: string; company: boolean }, today: string, alerts: AlertsReply) {
  const total = ALERT_KINDS.reduce((sum, kind) => sum + alerts.counts[kind], 0);
  const sections = ALERT_KINDS.filter((kind) => alerts.counts[kind] > 0).map((kind) => {
    const listed = alerts.alerts.filter((a) => a.kind === kind);
    const lines = listed.map((a) => `- Venta #${a.saleId} (${a.passengerName}): ${a.message}`);
    const more = alerts.counts[kind] - listed.length;
    if (more > 0) lines.push(`- … y ${more} más`);
    return `${ALERT_KIND_LABELS[kind]} (${alerts.counts[kind]})\n${lines.join('\n')}`;
  });
  const scope = who.company ? 'las alertas de la agencia' : 'las alertas de tus ventas';
  return {
    total,
    subject: `Alertas del ${formatDate(today)}: ${total} ${total === 1 ? 'pendiente' : 'pendientes'}`,
    body: [
      `Hola ${who.username}:`,
      '',
      `Estas son ${scope} para hoy, ${formatDate(today)}:`,
      '',
      sections.join('\n\n'),
      '',
      'Este correo se envía cada mañana a la hora fijada en Configuraciones.',
    ].join('\n'),
  };
}

/**
 * A client's payment reminder before travel: the balance, named in its currency and written in the
 * agency's number format, and the day.
 */
export function clientReminderText(
  client: { name: string },
  sale: { id: number; travelDate: string; pending: number; currency: string },
  company: { name: string; phone: string; email: string; numberFormat: NumberFormat },
) {
  const contact = [company.phone, company.email].filter(Boolean).join(' · ');
  return {
    subject: `Recordatorio de pago: su viaje del ${formatDate(sale.travelDate)}`,
    body: [
      `Estimado/a ${client.name}:`,
      '',
      `Le recordamos que su viaje del ${formatDate(sale.travelDate)} (reserva #${sale.id}) tiene un saldo pendiente de ${formatMoney(sale.pending, sale.currency, company.numberFormat)}.`,
      'Si ya realizó el pago, por favor ignore este mensaje.',
      '',
      'Saludos cordiales,',
      company.name,
      ...(contact ? [contact] : []),
    ].join('\n'),
  };
}
