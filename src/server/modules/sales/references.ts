import { and, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
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

/** The tables a sale points at, each by the name its ids are found under. */
const REFERENCED = { clients, classifications, suppliers, operators, passengers } as const;
type Referenced = keyof typeof REFERENCED;

/**
 * Which of the ids exist, per table, and whether the seller is an active user: one statement, as on
 * two cores each round trip costs more than the lookups themselves (docs/performance.md, writes).
 */
async function existingIds(tx: Database, ids: Record<Referenced, number[]>, sellerId: number) {
  const [first, ...rest] = (Object.keys(REFERENCED) as Referenced[]).map((kind) =>
    tx
      .select({ kind: sql<string>`${sql.raw(`'${kind}'`)}`, id: REFERENCED[kind].id })
      .from(REFERENCED[kind])
      .where(inArray(REFERENCED[kind].id, [...new Set(ids[kind])])),
  );
  const seller = tx
    .select({ kind: sql<string>`'seller'`, id: users.id })
    .from(users)
    .where(and(eq(users.id, sellerId), eq(users.isActive, true)));
  const rows = first ? await unionAll(seller, first, ...rest) : [];
  const found = new Map<string, Set<number>>();
  for (const row of rows) found.set(row.kind, (found.get(row.kind) ?? new Set()).add(row.id));
  return (kind: Referenced | 'seller', id: number) => found.get(kind)?.has(id) ?? false;
}

/** Every id the sale points at must exist; each missing one is reported on its own field. */
export async function assertReferences(tx: Database, data: SaleData, items: SaleItemData[]) {
  const issues: Issue[] = [];
  const exists = await existingIds(
    tx,
    {
      clients: [data.clientId],
      classifications: items.map((i) => i.classificationId),
      suppliers: items.map((i) => i.supplierId),
      operators: items.map((i) => i.operatorId),
      passengers: items.flatMap((i) => i.passengers),
    },
    data.sellerId,
  );
  if (!exists('clients', data.clientId))
    issues.push({ path: 'saleData.clientId', message: 'El cliente seleccionado no existe' });
  items.forEach((item, n) => {
    if (!exists('classifications', item.classificationId))
      issues.push({
        path: `items.${n}.classificationId`,
        message: 'La clasificación seleccionada no existe',
      });
    if (!exists('suppliers', item.supplierId))
      issues.push({ path: `items.${n}.supplierId`, message: 'El proveedor seleccionado no existe' });
    if (!exists('operators', item.operatorId))
      issues.push({ path: `items.${n}.operatorId`, message: 'El operador seleccionado no existe' });
    if (item.passengers.some((p) => !exists('passengers', p)))
      issues.push({ path: `items.${n}.passengers`, message: 'Un pasajero seleccionado no existe' });
  });
  if (!exists('seller', data.sellerId))
    issues.push({ path: 'saleData.sellerId', message: 'El vendedor no existe o está inactivo' });
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
