import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SaleItemRequest } from '../../../domain/sale-requests';
import type { SaleData, SaleItemData } from '../../../domain/sales';
import type { Database } from '../../db/client';
import { classifications, clients, operators, passengers, suppliers, users } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { idKey } from '../../lib/search';

/*
 * What a sale points at, checked before it is written: every id must exist, and passengers given by
 * their ID/RUT are found. Each problem is a 400 on its own field.
 */

type Issue = { path: string; message: string };

/** Every id the sale points at must exist; each missing one is reported on its own field. */
export async function assertReferences(tx: Database, data: SaleData, items: SaleItemData[]) {
  const issues: Issue[] = [];
  const existing = async (table: typeof clients | typeof suppliers, ids: number[]) =>
    new Set(
      ids.length
        ? (
            await tx
              .select({ id: table.id })
              .from(table)
              .where(inArray(table.id, [...new Set(ids)]))
          ).map((r) => r.id)
        : [],
    );
  // One after another: inside a transaction the queries share one connection.
  const clientIds = await existing(clients, [data.clientId]);
  const classIds = await existing(
    classifications,
    items.map((i) => i.classificationId),
  );
  const supplierIds = await existing(
    suppliers,
    items.map((i) => i.supplierId),
  );
  const operatorIds = await existing(
    operators,
    items.map((i) => i.operatorId),
  );
  const passengerIds = await existing(
    passengers,
    items.flatMap((i) => i.passengers),
  );
  if (!clientIds.has(data.clientId))
    issues.push({ path: 'saleData.clientId', message: 'El cliente seleccionado no existe' });
  items.forEach((item, n) => {
    if (!classIds.has(item.classificationId))
      issues.push({
        path: `items.${n}.classificationId`,
        message: 'La clasificación seleccionada no existe',
      });
    if (!supplierIds.has(item.supplierId))
      issues.push({ path: `items.${n}.supplierId`, message: 'El proveedor seleccionado no existe' });
    if (!operatorIds.has(item.operatorId))
      issues.push({ path: `items.${n}.operatorId`, message: 'El operador seleccionado no existe' });
    if (item.passengers.some((p) => !passengerIds.has(p)))
      issues.push({ path: `items.${n}.passengers`, message: 'Un pasajero seleccionado no existe' });
  });
  const [seller] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, data.sellerId), eq(users.isActive, true)));
  if (!seller) issues.push({ path: 'saleData.sellerId', message: 'El vendedor no existe o está inactivo' });
  if (issues.length) throw badRequest(issues[0]?.message ?? 'Datos inválidos', issues);
}

/**
 * Passengers given by ID/RUT become ids (matched as the unique index matches them: no dots, dashes or
 * spaces, upper case); an unknown one, or one passenger twice on an item, is a 400 on that item.
 */
export async function resolvePassengers(tx: Database, items: SaleItemRequest[]): Promise<SaleItemData[]> {
  const keys = [
    ...new Set(
      items.flatMap((item) =>
        item.passengers.flatMap((p) => (typeof p === 'number' ? [] : [idKey(p.passengerId)])),
      ),
    ),
  ];
  const byKey = new Map<string, number>();
  if (keys.length) {
    const rows = await tx
      .select({ id: passengers.id, key: sql<string>`f_id_key(${passengers.passengerId})` })
      .from(passengers)
      .where(inArray(sql`f_id_key(${passengers.passengerId})`, keys));
    for (const row of rows) byKey.set(row.key, row.id);
  }
  const issues: Issue[] = [];
  const resolved = items.map((item, n) => {
    const { id: _id, classificationName: _cn, supplierName: _sn, operatorName: _on, ...rest } = item;
    const { classification: _c, supplier: _s, operator: _o, ...fields } = rest;
    const ids = item.passengers.map((p) =>
      typeof p === 'number' ? p : (byKey.get(idKey(p.passengerId)) ?? 0),
    );
    if (ids.includes(0))
      issues.push({ path: `items.${n}.passengers`, message: 'Un pasajero seleccionado no existe' });
    else if (new Set(ids).size !== ids.length)
      issues.push({ path: `items.${n}.passengers`, message: 'Un pasajero no puede agregarse dos veces' });
    return { ...fields, passengers: ids };
  });
  if (issues.length) throw badRequest(issues[0]?.message ?? 'Datos inválidos', issues);
  return resolved;
}
