import { and, eq, inArray } from 'drizzle-orm';
import { foldText, importDate } from '../../../domain/import-cells';
import { cents, type SaleImportGroup, type Traveller } from '../../../domain/import-sales';
import { type ImportError, recordKey } from '../../../domain/imports';
import { type CatalogKind, catalogSchema, clientSchema, passengerSchema } from '../../../domain/master-data';
import { compactId } from '../../../domain/rut';
import type { Database } from '../../db/client';
import { passengers, sales, users } from '../../db/schema';
import { activeRateOrNull } from '../company';
import { savedByKey } from './queries';

/*
 * What an import of sales would write, read from the database without writing: the client, catalog
 * entries and passengers of each group (new clients, catalog entries and passengers to create), and whether a sale
 * like it is already saved (docs/decisions/0095-imports.md, "Sales").
 */

export const CATALOG_COLUMNS = {
  classification: 'classifications',
  supplier: 'suppliers',
  operator: 'operators',
} as const;
type ItemColumn = keyof typeof CATALOG_COLUMNS;

/** A record to point at: a saved id, or the key of one the import creates. */
export type Ref = { id: number } | { create: string };

export interface PlannedSale {
  group: SaleImportGroup;
  client: Ref;
  sellerId: number | null;
  currency: string;
  total: number;
  items: { catalog: Record<ItemColumn, Ref>; passengers: Ref[] }[];
}

export interface SalePlan {
  errors: ImportError[];
  sales: PlannedSale[];
  unchanged: number;
  newClients: Map<string, Record<string, unknown>>;
  newPassengers: Map<string, Record<string, unknown>>;
  newCatalog: Record<CatalogKind, Map<string, Record<string, unknown>>>;
}

const sameRef = (a: Ref, b: Ref) =>
  'id' in a && 'id' in b ? a.id === b.id : 'create' in a && 'create' in b && a.create === b.create;

/** A passenger the file names and the agency has not saved: the record to create, or what is missing. */
function newPassenger({ document, name, birthDate }: Traveller) {
  if (!birthDate)
    return {
      message: `Para crear a ${name} escriba también su fecha de nacimiento: «${name} (${document}, 31/12/1990)»`,
    };
  const parsed = passengerSchema.safeParse({
    name,
    passengerId: document,
    dateOfBirth: importDate(birthDate) ?? birthDate,
  });
  if (parsed.success) return { values: parsed.data as Record<string, unknown>, message: '' };
  return { message: `${name} (${document}): ${parsed.error.issues[0]?.message ?? 'pasajero inválido'}` };
}

/** Every saved passenger by its ID's key and, when no other has that ID, by its document's. */
async function passengerIds(db: Database) {
  const rows = await db
    .select({
      id: passengers.id,
      passengerId: passengers.passengerId,
      documentNumber: passengers.documentNumber,
    })
    .from(passengers);
  const byKey = new Map<string, Ref>();
  for (const row of rows) {
    byKey.set(compactId(row.passengerId), { id: row.id });
    if (row.documentNumber && !byKey.has(compactId(row.documentNumber)))
      byKey.set(compactId(row.documentNumber), { id: row.id });
  }
  return byKey;
}

export async function planSales(db: Database, groups: SaleImportGroup[]): Promise<SalePlan> {
  const errors: ImportError[] = [];
  const clients = await savedByKey(db, 'clients');
  const catalogs = {
    classifications: await savedByKey(db, 'classifications'),
    suppliers: await savedByKey(db, 'suppliers'),
    operators: await savedByKey(db, 'operators'),
  };
  const travellers = await passengerIds(db);
  const sellers = new Map(
    (
      await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.isActive, true))
    ).map((u) => [foldText(u.username), u.id]),
  );
  const rates = new Map<string, boolean>();
  const newClients = new Map<string, Record<string, unknown>>();
  const newPassengers = new Map<string, Record<string, unknown>>();
  const newCatalog: SalePlan['newCatalog'] = {
    classifications: new Map(),
    suppliers: new Map(),
    operators: new Map(),
  };
  const planned: PlannedSale[] = [];
  for (const group of groups) {
    const { sale, row } = group;
    const currency = sale.currency ?? 'USD';
    if (!rates.has(currency)) rates.set(currency, (await activeRateOrNull(db, currency)) !== null);
    if (!rates.get(currency))
      errors.push({
        row,
        column: 'Moneda',
        message: `No hay una tasa de cambio activa para ${currency}: agréguela en Configuraciones`,
      });
    let sellerId: number | null = null;
    if (sale.seller) {
      // As the users' unique index compares names: accents and case ignored.
      sellerId = sellers.get(foldText(sale.seller)) ?? null;
      if (sellerId === null)
        errors.push({
          row,
          column: 'Vendedor',
          message: `No hay un usuario activo «${sale.seller}»: escriba el nombre de usuario de un vendedor, como en Configuraciones > Usuarios`,
        });
    }
    let client: Ref | null = null;
    const parsed = clientSchema.safeParse({
      name: sale.clientName ?? sale.clientId,
      clientId: sale.clientId,
    });
    if (!parsed.success)
      errors.push({ row, column: 'Cliente', message: parsed.error.issues[0]?.message ?? 'Cliente inválido' });
    else {
      const key = recordKey('clients', parsed.data as Record<string, unknown>);
      const saved =
        clients.get(key) ?? (sale.clientName ? clients.get(`name:${foldText(sale.clientName)}`) : undefined);
      if (saved) client = { id: saved.id };
      else if (!sale.clientName)
        errors.push({
          row,
          column: 'RUT cliente',
          message: 'No hay un cliente con este RUT: escriba también «Cliente» para crearlo',
        });
      else {
        if (!newClients.has(key)) newClients.set(key, parsed.data as Record<string, unknown>);
        client = { create: key };
      }
    }
    const items: PlannedSale['items'] = [];
    for (const item of group.items) {
      const catalog = {} as Record<ItemColumn, Ref>;
      for (const column of Object.keys(CATALOG_COLUMNS) as ItemColumn[]) {
        const kind = CATALOG_COLUMNS[column];
        const name = item.values[column] ?? '';
        const key = `name:${foldText(name)}`;
        const saved = catalogs[kind].get(key);
        if (saved) catalog[column] = { id: saved.id };
        else {
          if (!newCatalog[kind].has(key))
            newCatalog[kind].set(key, catalogSchema(kind).parse({ name }) as Record<string, unknown>);
          catalog[column] = { create: key };
        }
      }
      const refs: Ref[] = [];
      for (const traveller of item.passengers) {
        const { document, name } = traveller;
        const key = compactId(document);
        let ref = travellers.get(key);
        if (!ref && name) {
          // Named in the file and not saved: created once, however many items name it.
          const created = newPassenger(traveller);
          if (created.values) {
            newPassengers.set(key, created.values);
            ref = { create: key };
            travellers.set(key, ref);
          } else errors.push({ row: item.row, column: 'Pasajeros', message: created.message });
        } else if (!ref)
          errors.push({
            row: item.row,
            column: 'Pasajeros',
            message: `No hay un pasajero con el documento ${document}: impórtelo antes en Pasajeros, o escriba su nombre y, entre paréntesis, el documento y la fecha de nacimiento, como «Tomás Díaz (${document}, 31/12/1990)», para crearlo`,
          });
        if (!ref) continue;
        if (refs.some((saved) => sameRef(saved, ref)))
          errors.push({
            row: item.row,
            column: 'Pasajeros',
            message: `El pasajero ${document} está dos veces`,
          });
        else refs.push(ref);
      }
      items.push({ catalog, passengers: refs });
    }
    const total = group.items.reduce((sum, item) => sum + cents(item.values.salePrice ?? '0'), 0);
    if (client) planned.push({ group, client, sellerId, currency, total, items });
  }
  errors.sort((a, b) => a.row - b.row);
  const { fresh, unchanged } = await unsaved(db, planned);
  return { errors, sales: fresh, unchanged, newClients, newPassengers, newCatalog };
}

/**
 * The sales not saved yet. Without a column for the agency's «Venta» key (none without a migration),
 * a sale is taken as saved when one of the same client, travel date, passenger name and total exists.
 */
async function unsaved(db: Database, planned: PlannedSale[]) {
  const clientIds = planned.flatMap((p) => ('id' in p.client ? [p.client.id] : []));
  const saved = clientIds.length
    ? await db
        .select({
          clientId: sales.clientId,
          travelDate: sales.travelDate,
          passengerName: sales.passengerName,
          total: sales.salePrice,
        })
        .from(sales)
        .where(and(inArray(sales.clientId, [...new Set(clientIds)])))
    : [];
  const keys = new Set(
    saved.map((s) => `${s.clientId}|${s.travelDate}|${foldText(s.passengerName)}|${cents(s.total)}`),
  );
  const fresh = planned.filter(
    (p) =>
      !('id' in p.client) ||
      !keys.has(
        `${p.client.id}|${p.group.sale.travelDate}|${foldText(p.group.sale.passengerName ?? '')}|${p.total}`,
      ),
  );
  return { fresh, unchanged: planned.length - fresh.length };
}
