import { sql } from 'drizzle-orm';
import { DOCUMENT_ALERT_KINDS, type DocumentAlertKind } from '../../../domain/alerts';
import {
  ADULT_AGE,
  DOCUMENT_VALID_MONTHS_AFTER_RETURN,
  type PassengerWarningKind,
  passengerDocumentWarnings,
} from '../../../domain/passenger-document-warnings';
import { addDays } from '../../../domain/report-params';
import type { DocumentType } from '../../../domain/travel-document';
import type { Database } from '../../db/client';
import { passengers, saleItemPassengers, saleItems, sales } from '../../db/schema';
import { type SaleScope, sellerCondition } from '../sales';
import { type AlertsQuery, type Found, saleAlert } from './alert-parts';

/*
 * The travel-document alerts (docs/decisions/0098-passenger-document-warnings.md): for each passenger of
 * an international sale, not cancelled, departing between today and `days` ahead, a document missing,
 * one expiring before six months after the return, a minor travelling. The SQL repeats the dates of
 * src/domain/passenger-document-warnings.ts (PostgreSQL's month arithmetic is the one addMonths copies);
 * the messages come from that rule itself, so the alert and the sale detail say the same words.
 */

const WARNING_OF: Record<DocumentAlertKind, PassengerWarningKind> = {
  'document-missing': 'documentMissing',
  'document-expiring': 'documentExpiring',
  'minor-travelling': 'minorTravelling',
};

type Row = {
  kind: DocumentAlertKind;
  sale_id: number;
  sale_passenger_name: string;
  travel_date: string;
  return_date: string;
  passenger_id: number;
  name: string;
  date_of_birth: string;
  document_type: DocumentType | null;
  document_number: string | null;
  document_expiry: string | null;
  total: number;
};

export async function documentWarnings(
  db: Database,
  scope: SaleScope,
  q: AlertsQuery,
): Promise<Record<DocumentAlertKind, Found>> {
  const s = sales;
  const i = saleItems;
  const ip = saleItemPassengers;
  const p = passengers;
  const seller = sellerCondition(s.sellerId, scope);
  // The departing sales are an index range of sales_travel_date_idx (the window is `days`, 14 by
  // default: at a million sales some thousands), each one's items and passengers read by their keys.
  const result = await db.execute(sql`
    with trips as (
      select ${s.id} as sale_id, ${s.passengerName} as sale_passenger_name, ${s.travelDate} as travel_date,
        greatest(${s.travelDate}, (select max(greatest(${i.dateIn}, ${i.dateOut})) from ${i} where ${i.saleId} = ${s.id}))
          as return_date
      from ${s}
      where ${s.travelDate} >= ${q.today}::date and ${s.travelDate} <= ${addDays(q.today, q.days)}::date
        and ${s.status} <> 'cancelled' and ${s.region} = 'international'
        ${seller ? sql`and ${seller}` : sql``}
        ${q.saleId === undefined ? sql`` : sql`and ${s.id} = ${q.saleId}`}
    ),
    pax as (
      select distinct t.*, ${p.id} as passenger_id, ${p.name} as name, ${p.dateOfBirth} as date_of_birth,
        ${p.documentType} as document_type, ${p.documentNumber} as document_number,
        ${p.documentExpiry} as document_expiry
      from trips t
      join ${i} on ${i.saleId} = t.sale_id
      join ${ip} on ${ip.saleItemId} = ${i.id}
      join ${p} on ${p.id} = ${ip.passengerId}
    ),
    found as (
      select k.kind, pax.* from pax cross join lateral (values
        ('document-missing', coalesce(trim(pax.document_number), '') = ''
          or (pax.document_type = 'passport' and pax.document_expiry is null)),
        ('document-expiring', pax.document_expiry
          < (pax.return_date + make_interval(months => ${DOCUMENT_VALID_MONTHS_AFTER_RETURN}))::date),
        ('minor-travelling', (pax.date_of_birth + make_interval(years => ${ADULT_AGE}))::date > pax.travel_date)
      ) as k(kind, hit)
      where k.hit
    ),
    ranked as (
      select found.*, (count(*) over (partition by kind))::int as total,
        row_number() over (partition by kind order by travel_date, sale_id, name, passenger_id) as n
      from found
    )
    select kind, sale_id, sale_passenger_name, travel_date::text, return_date::text, passenger_id, name,
      date_of_birth::text, document_type, document_number, document_expiry::text, total
    from ranked where n <= ${q.limit}
    order by travel_date, sale_id, name, passenger_id`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return Object.fromEntries(
    DOCUMENT_ALERT_KINDS.map((kind) => {
      const ofKind = rows.filter((r) => r.kind === kind);
      return [kind, { count: ofKind[0]?.total ?? 0, alerts: ofKind.map((r) => alertOf(kind, r)) }];
    }),
  ) as Record<DocumentAlertKind, Found>;
}

function alertOf(kind: DocumentAlertKind, r: Row) {
  const trip = { travelDate: r.travel_date, returnDate: r.return_date, international: true };
  const passenger = {
    id: r.passenger_id,
    name: r.name,
    dateOfBirth: r.date_of_birth,
    documentType: r.document_type,
    documentNumber: r.document_number,
    documentExpiry: r.document_expiry,
  };
  const warning = passengerDocumentWarnings(trip, [passenger]).find((w) => w.kind === WARNING_OF[kind]);
  return saleAlert(
    kind,
    { id: r.sale_id, passengerName: r.sale_passenger_name, travelDate: r.travel_date },
    // The rule and the SQL agree (the API tests hold them to it); the name alone if they ever did not.
    { dueDate: r.travel_date, message: warning?.message ?? r.name },
  );
}
