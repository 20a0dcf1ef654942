import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type Alert,
  type AlertKind,
  type AlertsReply,
} from '../../../domain/alerts';

/** The dashboard shows this many alerts of each kind, most urgent first; the counts cover all. */
export const SHOWN_PER_KIND = 3;

/** One chip of the dashboard's alerts: a kind, how many there are in all, and those the server sent. */
export interface AlertGroup {
  kind: AlertKind;
  label: string;
  count: number;
  alerts: Alert[];
}

/**
 * The alerts by kind, in order of urgency. The kind is the server's word (an overdue supplier payment
 * is its own kind, never "por vencer"), so nothing is judged here from dates or messages.
 */
export function alertGroups(reply: AlertsReply): AlertGroup[] {
  return ALERT_KINDS.map((kind) => ({
    kind,
    label: ALERT_KIND_LABELS[kind],
    count: reply.counts[kind],
    alerts: reply.alerts.filter((alert) => alert.kind === kind),
  }));
}

/**
 * What the list shows: with no group chosen, a few of each kind (so dozens of supplier dues never hide
 * a client about to travel unpaid); with one chosen, every alert of it the server sent.
 */
export function listedAlerts(groups: AlertGroup[], chosen: AlertKind | null): Alert[] {
  if (chosen) return groups.find((group) => group.kind === chosen)?.alerts ?? [];
  return groups.flatMap((group) => group.alerts.slice(0, SHOWN_PER_KIND));
}
