/**
 * Adds a large, realistic data set on top of the demo agency, for the benchmark (docs/performance.md):
 * by default 200,000 sales with 1 to 4 items each, 20,000 clients, 40,000 passengers, 50 suppliers,
 * 12 sellers, customer payments and supplier payments.
 *
 *   npx tsx scripts/seed-large.ts [--sales 200000]
 *
 * Uses the same database as `npm start` (DATABASE_URL, otherwise PGlite in DATA_DIR). People come from
 * the demo generators in batches; sales, items, passengers and payments are bulk INSERT ... SELECT
 * statements, so the whole set is written in a few minutes even on PGlite. A fixed random seed makes
 * every run produce the same data.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { REGIONS, SALE_TYPES, SERVICE_TYPES } from '../src/domain/sales';
import type { Database } from '../src/server/db/client';
import { clients, operators, passengers, sales, suppliers } from '../src/server/db/schema';
import { demoBirthDate, demoPeople, FIRST_NAMES, LAST_NAMES } from '../src/server/demo/demo-data';
import { ITEM_DESCRIPTIONS } from '../src/server/demo/demo-sales';

export interface LargeSeedOptions {
  sales: number;
}

const BATCH = 2_000;
const SUPPLIER_KINDS = ['Hotel', 'Aerolínea', 'Turismo', 'Traslados', 'Excursiones', 'Seguros'];
const SUPPLIER_PLACES = [
  'Andes',
  'Pacífico',
  'Patagonia',
  'Atacama',
  'Austral',
  'Del Sur',
  'Caribe',
  'Iberia',
];

/** A PostgreSQL text[] parameter: the list travels as one bound value, never spliced into the SQL. */
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;

/** A random element of a text[] expression, evaluated per row. */
const anyOf = (values: readonly string[]) =>
  sql`(${textArray(values)})[1 + floor(random() * ${values.length})::int]`;

async function insertInBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/** People and catalogues first: the sales pick their clients, passengers and suppliers from these. */
async function seedMasterData(tx: Database) {
  await insertInBatches(
    demoPeople(20_000, 100_000).map((p, i) => ({
      name: p.name,
      clientId: p.rut,
      email: p.email,
      address: `Calle ${1 + (i % 900)}, Santiago`,
    })),
    (batch) => tx.insert(clients).values(batch),
  );
  await insertInBatches(
    demoPeople(40_000, 200_000).map((p, i) => ({
      name: p.name,
      passengerId: p.rut,
      email: p.email,
      dateOfBirth: demoBirthDate(i),
    })),
    (batch) => tx.insert(passengers).values(batch),
  );
  const supplierNames = SUPPLIER_KINDS.flatMap((kind) => SUPPLIER_PLACES.map((place) => `${kind} ${place}`));
  await tx
    .insert(suppliers)
    .values(supplierNames.slice(0, 40).map((name) => ({ name })))
    .onConflictDoNothing();
  await tx
    .insert(operators)
    .values(SUPPLIER_PLACES.map((place) => ({ name: `Operador ${place}` })))
    .onConflictDoNothing();
  // Eleven more sellers; they share the demo seller's password (ventas123) so the bench can log in.
  await tx.execute(sql`
    insert into users (username, email, password_hash, role)
    select 'vendedor' || g, 'vendedor' || g || '@viajes-demo.cl', u.password_hash, 'sales'
    from generate_series(2, 12) g, users u where u.email = 'ventas@viajes-demo.cl'`);
}

type IndexRow = { indexname: string; indexdef: string };

/**
 * Runs `load` without the secondary indexes of `table` (its primary key and constraints stay), then
 * creates them again from their own definitions: one sort per index instead of one insertion per
 * row, and the load's UPDATE of every sale does not rewrite a trigram index entry per row.
 */
async function withoutIndexes(tx: Database, table: string, load: () => Promise<void>) {
  const result = await tx.execute(sql`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename = ${table}
      and indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)`);
  const indexes = (result as unknown as { rows: IndexRow[] }).rows;
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.indexname}"`));
  await load();
  // `if not exists`: the load may have built some of them itself (the search indexes).
  for (const index of indexes)
    await tx.execute(
      sql.raw(index.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')),
    );
}

async function seedSales(tx: Database, count: number, firstNewSaleId: number) {
  // Ids grow with creation dates, as they do in a real agency; creation dates lean to recent years.
  await tx.execute(sql`
    with ids as (
      select (select array_agg(id order by id) from clients) as clients,
             (select array_agg(id order by id) from users where role in ('sales', 'admin')) as sellers
    ), drawn as (
      select now() - power(random(), 1.3) * interval '1095 days' as created, random() as fate, random() as r
      from generate_series(1, ${count})
    ), dated as (
      select d.*, (d.created::date + 2 + floor(power(random(), 2) * 240)::int) as travel from drawn d
    ), fated as (
      select d.*, case when fate < 0.07 then 'cancelled' when fate < 0.10 then 'draft'
           when travel < current_date and fate < 0.95 then 'completed' else 'confirmed' end as status
      from dated d
    )
    insert into sales (status, passenger_name, client_id, seller_id, creation_date, travel_date, sale_type,
                       service_type, region, passenger_count, updated_at, completed_at)
    select
      status,
      ${anyOf(FIRST_NAMES)} || ' ' || ${anyOf(LAST_NAMES)} || ' ' || ${anyOf(LAST_NAMES)},
      ids.clients[1 + floor(power(r, 1.5) * cardinality(ids.clients))::int],
      ids.sellers[1 + floor(random() * cardinality(ids.sellers))::int],
      created, travel, ${anyOf(SALE_TYPES)}, ${anyOf(SERVICE_TYPES)}, ${anyOf(REGIONS)},
      1 + floor(power(random(), 3) * 6)::int, created,
      -- The triggers are off during the load: liquidated a few days after travel, as sales_completed_at would.
      case when status = 'completed' then least(now(), travel + interval '3 days') end
    from fated, ids
    order by created`);

  // 1 to 4 items per sale (more often 1 or 2); a few big suppliers get most of the business.
  await tx.execute(sql`
    with ids as (
      select (select array_agg(id order by id) from suppliers) as suppliers,
             (select array_agg(id order by id) from operators) as operators,
             (select array_agg(id order by id) from classifications) as classifications
    ), lines as (
      select s.id as sale_id, k, s.travel_date, s.passenger_count,
             round((25 + power(random(), 2) * 2400)::numeric, 2) as cost, random() as markup, random() as r
      from sales s
      cross join lateral generate_series(1, 1 + floor(power((abs(hashint4(s.id)) % 1000) / 1000.0, 1.6) * 4)::int) k
      where s.id >= ${firstNewSaleId}
    )
    insert into sale_items (sale_id, position, classification_id, supplier_id, operator_id, date_in, date_out,
                            passenger_count, description, sale_price, cost_price, reservation_code, payment_date)
    select sale_id, k - 1,
      ids.classifications[1 + floor(random() * cardinality(ids.classifications))::int],
      ids.suppliers[1 + floor(power(r, 2) * cardinality(ids.suppliers))::int],
      ids.operators[1 + floor(random() * cardinality(ids.operators))::int],
      travel_date, travel_date + 1 + floor(random() * 10)::int, passenger_count, ${anyOf(ITEM_DESCRIPTIONS)},
      round(cost * (1.08 + markup * 0.27)::numeric, 2), cost, upper(substr(md5(random()::text), 1, 6)), travel_date - 15
    from lines, ids`);

  // The sale's totals are the sums of its items, as the API computes them.
  await tx.execute(sql`
    update sales s set sale_price = t.sale_price, total_cost = t.total_cost
    from (select sale_id, sum(sale_price) as sale_price, sum(cost_price) as total_cost
          from sale_items where sale_id >= ${firstNewSaleId} group by sale_id) t
    where t.sale_id = s.id`);

  await tx.execute(sql`
    with ids as (select array_agg(id order by id) as passengers from passengers)
    insert into sale_item_passengers (sale_item_id, passenger_id)
    select i.id, ids.passengers[1 + floor(random() * cardinality(ids.passengers))::int]
    from sale_items i, ids where i.sale_id >= ${firstNewSaleId}`);
}

async function seedPayments(tx: Database, firstNewSaleId: number) {
  // Completed sales are paid in full; most confirmed ones carry a deposit, some still pending.
  await tx.execute(sql`
    insert into payments (sale_id, payment_date, amount, sale_amount, currency, exchange_rate, method, reference,
      status, created_by)
    select id, least(creation_date::date + floor(random() * 20)::int, current_date), amount, amount,
      'USD', 1, ${anyOf(['cash', 'creditCard', 'transfer'])}, 'REF-' || id,
      case when status = 'confirmed' and random() < 0.2 then 'pending' else 'confirmed' end, seller_id
    from sales,
      lateral (select case when status = 'completed' then sale_price
                 else round(sale_price * (0.3 + random() * 0.4)::numeric, 2) end as amount) a
    where id >= ${firstNewSaleId} and sale_price > 0
      and (status = 'completed' or (status = 'confirmed' and random() < 0.6))`);
  // Monthly USD payments to every supplier over two years, covering most of what it is owed.
  await tx.execute(sql`
    with owed as (
      select i.supplier_id, sum(i.cost_price) as total from sale_items i join sales s on s.id = i.sale_id
      where s.status <> 'cancelled' and s.id >= ${firstNewSaleId} group by i.supplier_id
    )
    insert into supplier_payments (supplier_id, amount, currency, rate_to_usd, amount_usd, payment_date,
                                   description, payment_method, reference)
    select o.supplier_id, round(o.total * 0.8 / 24, 2), 'USD', 1, round(o.total * 0.8 / 24, 2),
      current_date - 30 * m, 'Pago mensual ' || m, 'transfer', 'TRF-' || o.supplier_id || '-' || m
    from owed o, generate_series(1, 24) m`);
}

/** Writes the large set in one transaction (one connection, so the random seed holds). */
export async function seedLarge(db: Database, options: LargeSeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    // The trigram and word-pairs indexes of a million sales are built here: with more memory each
    // GIN build sorts its entries in fewer passes.
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${sales.id}), 0) + 1`.mapWith(Number) })
      .from(sales);
    const firstNewSaleId = row?.next ?? 1;
    await seedMasterData(tx);
    // No trigger fires during the load, the foreign-key checks included (the data is consistent by
    // construction: every id is drawn from the rows just written):
    // - row by row, the aggregate, dues, report and search-text triggers would double the time; one
    //   rebuild of each after the load gives the same (item passengers refresh the search text too,
    //   migrations/0006);
    // - the foreign-key checks are a lookup per row, and PostgreSQL repeats them on the UPDATE of
    //   every sale because the people were written in this same transaction. Their cached plans can
    //   also date from the demo data, when the people tables held a page: then each check scans
    //   20,000 clients or 40,000 passengers, and the load takes hours instead of minutes.
    // `replica` needs a superuser (or GRANT SET ON PARAMETER), as the bench's databases have.
    await tx.execute(sql`set local session_replication_role = replica`);
    await withoutIndexes(tx, 'sales', async () => {
      await withoutIndexes(tx, 'sale_items', () => seedSales(tx, options.sales, firstNewSaleId));
      // The search text is one more UPDATE of every sale: before the sales' indexes come back, it
      // does not write an entry in each of them for every row.
      await tx.execute(sql`select rebuild_sales_search()`);
    });
    await seedPayments(tx, firstNewSaleId);
    // The rebuilds write the kept tables, whose own statement triggers must fire (client_balances).
    await tx.execute(sql`set local session_replication_role = origin`);
    await tx.execute(sql`select rebuild_sales_aggregates()`);
    await tx.execute(sql`select rebuild_dues()`);
    await tx.execute(sql`select rebuild_report_days()`);
  });
  // Fresh statistics, so the planner sees the large tables as they are (VACUUM cannot run in a transaction).
  await db.execute(sql`vacuum analyze`);
}

async function main() {
  const { values } = parseArgs({ options: { sales: { type: 'string', default: '200000' } } });
  const count = Number(values.sales);
  if (!Number.isInteger(count) || count < 1) throw new Error('--sales debe ser un entero positivo');
  const { loadConfig } = await import('../src/server/config');
  const { openConfiguredDatabase } = await import('../src/server/db/open');
  const { seedDemoData } = await import('../src/server/demo/seed');
  const { database, unlock } = await openConfiguredDatabase(loadConfig());
  try {
    await seedDemoData(database.db);
    const started = Date.now();
    await seedLarge(database.db, { sales: count });
    console.log(`${count} ventas creadas en ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
    unlock();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    // Drizzle wraps the driver's error: its cause says what PostgreSQL refused.
    console.error(error instanceof Error ? String(error.cause ?? error) : error);
    process.exit(1);
  });
}
