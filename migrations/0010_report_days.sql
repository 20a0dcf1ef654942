CREATE TABLE "balance_days" (
	"travel_date" date PRIMARY KEY NOT NULL,
	"sales_count" integer NOT NULL,
	"pending" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_balances" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"sales_count" integer NOT NULL,
	"total_sale" numeric(16, 2) NOT NULL,
	"paid" numeric(16, 2) NOT NULL,
	"pending" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_balances_pending_idx" ON "client_balances" USING btree ("pending" DESC NULLS LAST,"client_id");--> statement-breakpoint
CREATE TABLE "report_days" (
	"dimension" text NOT NULL,
	"date_field" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"sales_count" integer NOT NULL,
	"sale_price" numeric(16, 2) NOT NULL,
	"total_cost" numeric(16, 2) NOT NULL,
	CONSTRAINT "report_days_dimension_date_field_day_key_pk" PRIMARY KEY("dimension","date_field","day","key")
);
--> statement-breakpoint
CREATE INDEX "sale_balances_seller_travel_idx" ON "sale_balances" USING btree ("seller_id","travel_date","sale_id");--> statement-breakpoint
CREATE INDEX "supplier_dues_seller_idx" ON "supplier_dues" USING btree ("seller_id","supplier_id","due_date","item_id");--> statement-breakpoint
CREATE INDEX "supplier_dues_free_idx" ON "supplier_dues" USING btree ("supplier_id","due_date") WHERE "supplier_dues"."cost" = 0;--> statement-breakpoint
DROP INDEX "supplier_dues_due_idx";--> statement-breakpoint
CREATE INDEX "supplier_due_days_walk_idx" ON "supplier_due_days" USING btree ("supplier_id","due_date","cost");--> statement-breakpoint
CREATE INDEX "supplier_dues_due_idx" ON "supplier_dues" USING btree ("supplier_id","due_date","item_id","cost");--> statement-breakpoint
CREATE INDEX "sale_items_missing_code_idx" ON "sale_items" USING btree ("sale_id") WHERE "sale_items"."reservation_code" is null or trim("sale_items"."reservation_code") = '';--> statement-breakpoint
-- The sales report's day rows (docs/decisions/0031), kept like the aggregates of 0003 under the same
-- advisory lock. A sale counts once in each of its groups; cancelled sales count nowhere.
-- The sale's own groups (seller, region, service type) on its creation (UTC) and travel days, with
-- its total and cost: moved from its old row to its new one as one difference (either may be null:
-- a sale created or deleted), so that an update writes each day row once and a no-op not at all.
CREATE FUNCTION report_days_move_sale(o sales, n sales) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_days AS t (dimension, date_field, day, key, sales_count, sale_price, total_cost)
  SELECT g.dimension, d.date_field, d.day, g.key, sum(s.sign), sum(s.sign * s.sale_price), sum(s.sign * s.total_cost)
  FROM (SELECT -1 AS sign, o.* UNION ALL SELECT 1, n.*) s
  CROSS JOIN LATERAL (VALUES ('seller', s.seller_id::text), ('region', s.region), ('serviceType', s.service_type)) g(dimension, key)
  CROSS JOIN LATERAL (VALUES ('creation', (s.creation_date AT TIME ZONE 'UTC')::date), ('travel', s.travel_date)) d(date_field, day)
  WHERE s.id IS NOT NULL AND s.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  HAVING sum(s.sign) <> 0 OR sum(s.sign * s.sale_price) <> 0 OR sum(s.sign * s.total_cost) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (dimension, date_field, day, key) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count,
        sale_price = t.sale_price + excluded.sale_price,
        total_cost = t.total_cost + excluded.total_cost;
$$;
--> statement-breakpoint
-- The item groups (supplier, classification) of the given sales, one row per sale, group and date
-- field: the sale counts once, with the sum of its items in that group. The group `items` (key '')
-- holds every sale with items once: the totals of a report by supplier or classification.
CREATE FUNCTION report_item_groups(p_sales sales[], p_items sale_items[])
RETURNS TABLE (dimension text, date_field text, day date, key text, sale_price numeric, total_cost numeric)
LANGUAGE sql AS $$
  SELECT per_sale.dimension, d.date_field, d.day, per_sale.key, per_sale.sale_price, per_sale.cost
  FROM (
    SELECT g.dimension, g.key, s.id, (s.creation_date AT TIME ZONE 'UTC')::date AS created, s.travel_date,
      sum(i.sale_price) AS sale_price, sum(i.cost_price) AS cost
    FROM unnest(p_sales) s
    JOIN unnest(p_items) i ON i.sale_id = s.id
    CROSS JOIN LATERAL (VALUES ('supplier', i.supplier_id::text), ('classification', i.classification_id::text), ('items', '')) g(dimension, key)
    WHERE s.status <> 'cancelled'
    GROUP BY g.dimension, g.key, s.id, s.creation_date, s.travel_date
  ) per_sale
  CROSS JOIN LATERAL (VALUES ('creation', per_sale.created), ('travel', per_sale.travel_date)) d(date_field, day);
$$;
--> statement-breakpoint
-- Moves the item groups from one state (sales and their items before) to another (after), as one
-- difference: an edit that moves no figure (a reservation code) writes nothing.
CREATE FUNCTION report_days_move_items(before_sales sales[], before_items sale_items[], after_sales sales[], after_items sale_items[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_days AS t (dimension, date_field, day, key, sales_count, sale_price, total_cost)
  SELECT dimension, date_field, day, key, sum(n), sum(sale_price), sum(total_cost)
  FROM (
    SELECT b.dimension, b.date_field, b.day, b.key, -1 AS n, -b.sale_price AS sale_price, -b.total_cost AS total_cost
    FROM report_item_groups(before_sales, before_items) b
    UNION ALL
    SELECT a.dimension, a.date_field, a.day, a.key, 1, a.sale_price, a.total_cost
    FROM report_item_groups(after_sales, after_items) a
  ) moves
  GROUP BY dimension, date_field, day, key
  HAVING sum(n) <> 0 OR sum(sale_price) <> 0 OR sum(total_cost) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (dimension, date_field, day, key) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count,
        sale_price = t.sale_price + excluded.sale_price,
        total_cost = t.total_cost + excluded.total_cost;
$$;
--> statement-breakpoint
CREATE FUNCTION report_days_on_sale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  items sale_items[];
BEGIN
  PERFORM lock_sales_aggregates();
  IF TG_OP = 'INSERT' THEN PERFORM report_days_move_sale(NULL, NEW);
  ELSIF TG_OP = 'UPDATE' THEN PERFORM report_days_move_sale(OLD, NEW);
  ELSE PERFORM report_days_move_sale(OLD, NULL);
  END IF;
  -- Item groups move with the sale's status and days. A new sale has no items yet; a deleted one
  -- takes its items' groups away here, before the delete cascades to the items (whose own trigger
  -- then finds no sale and does nothing).
  IF TG_OP = 'UPDATE' AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.creation_date IS DISTINCT FROM NEW.creation_date
      OR OLD.travel_date IS DISTINCT FROM NEW.travel_date) THEN
    items := ARRAY(SELECT i FROM sale_items i WHERE i.sale_id = NEW.id);
    PERFORM report_days_move_items(ARRAY[OLD], items, ARRAY[NEW], items);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_days_move_items(ARRAY[OLD], ARRAY(SELECT i FROM sale_items i WHERE i.sale_id = OLD.id), '{}', '{}');
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_days_sale_insert AFTER INSERT ON sales
  FOR EACH ROW EXECUTE FUNCTION report_days_on_sale();
--> statement-breakpoint
CREATE TRIGGER report_days_sale_delete BEFORE DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION report_days_on_sale();
--> statement-breakpoint
-- Only changes that move a figure or a group.
CREATE TRIGGER report_days_sale_update AFTER UPDATE ON sales
  FOR EACH ROW WHEN (
    OLD.seller_id IS DISTINCT FROM NEW.seller_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.service_type IS DISTINCT FROM NEW.service_type OR OLD.region IS DISTINCT FROM NEW.region
    OR OLD.sale_price IS DISTINCT FROM NEW.sale_price OR OLD.total_cost IS DISTINCT FROM NEW.total_cost
    OR OLD.creation_date IS DISTINCT FROM NEW.creation_date OR OLD.travel_date IS DISTINCT FROM NEW.travel_date
  ) EXECUTE FUNCTION report_days_on_sale();
--> statement-breakpoint
-- Items change per statement (one refresh per statement, not per row): the sales it touched move from
-- their items before the statement (the items now, without the rows it wrote, plus the rows it
-- removed or replaced) to their items now. Transition tables are only visible in the trigger
-- function itself: hand_over_transition_rows passes them on as arrays.
CREATE FUNCTION report_days_items_changed(old_items sale_items[], new_items sale_items[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  touched sales[];
  now_items sale_items[];
BEGIN
  PERFORM lock_sales_aggregates();
  touched := ARRAY(SELECT s FROM sales s WHERE s.id IN (
    SELECT o.sale_id FROM unnest(old_items) o UNION SELECT n.sale_id FROM unnest(new_items) n));
  IF cardinality(touched) = 0 THEN RETURN; END IF; -- the sale itself was deleted (see report_days_on_sale)
  now_items := ARRAY(SELECT i FROM sale_items i WHERE i.sale_id IN (SELECT t.id FROM unnest(touched) t));
  PERFORM report_days_move_items(
    touched,
    ARRAY(SELECT i FROM unnest(now_items) i WHERE i.id NOT IN (SELECT n.id FROM unnest(new_items) n)
          UNION ALL SELECT o FROM unnest(old_items) o),
    touched,
    now_items);
END;
$$;
--> statement-breakpoint
-- Hands a statement's transition tables to the function named by the trigger's argument, as arrays
-- of the table's rows (old_rows for updates and deletes, new_rows for inserts and updates; the
-- other is empty). Transition tables are visible only to the trigger function itself, hence this.
CREATE FUNCTION hand_over_transition_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('SELECT %I(%s, %s)', TG_ARGV[0],
    CASE WHEN TG_OP = 'INSERT' THEN format('''{}''::%I[]', TG_TABLE_NAME)
      ELSE format('ARRAY(SELECT r::%I FROM old_rows r)', TG_TABLE_NAME) END,
    CASE WHEN TG_OP = 'DELETE' THEN format('''{}''::%I[]', TG_TABLE_NAME)
      ELSE format('ARRAY(SELECT r::%I FROM new_rows r)', TG_TABLE_NAME) END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_days_items_insert AFTER INSERT ON sale_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hand_over_transition_rows('report_days_items_changed');
--> statement-breakpoint
CREATE TRIGGER report_days_items_delete AFTER DELETE ON sale_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hand_over_transition_rows('report_days_items_changed');
--> statement-breakpoint
CREATE TRIGGER report_days_items_update AFTER UPDATE ON sale_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hand_over_transition_rows('report_days_items_changed');
--> statement-breakpoint
-- Recomputes the day rows from scratch: the backfill below, bulk loads that disable the triggers
-- while they insert (scripts/seed-large.ts) and the test that compares the triggers' work with it.
CREATE FUNCTION rebuild_report_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM report_days;
  INSERT INTO report_days (dimension, date_field, day, key, sales_count, sale_price, total_cost)
    SELECT g.dimension, d.date_field, d.day, g.key, count(*), sum(g.sale_price), sum(g.cost)
    FROM (
      SELECT v.dimension, v.key, s.id, s.sale_price, s.total_cost AS cost,
        (s.creation_date AT TIME ZONE 'UTC')::date AS created, s.travel_date
      FROM sales s
      CROSS JOIN LATERAL (VALUES ('seller', s.seller_id::text), ('region', s.region), ('serviceType', s.service_type)) v(dimension, key)
      WHERE s.status <> 'cancelled'
      UNION ALL
      SELECT v.dimension, v.key, s.id, sum(i.sale_price), sum(i.cost_price),
        (s.creation_date AT TIME ZONE 'UTC')::date, s.travel_date
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      CROSS JOIN LATERAL (VALUES ('supplier', i.supplier_id::text), ('classification', i.classification_id::text), ('items', '')) v(dimension, key)
      WHERE s.status <> 'cancelled'
      GROUP BY v.dimension, v.key, s.id, s.creation_date, s.travel_date
    ) g
    CROSS JOIN LATERAL (VALUES ('creation', g.created), ('travel', g.travel_date)) d(date_field, day)
    GROUP BY g.dimension, d.date_field, d.day, g.key;
END;
$$;
--> statement-breakpoint
SELECT rebuild_report_days();
--> statement-breakpoint
-- Cobranza's kept sums (docs/decisions/0031): every change of sale_balances (a refresh deletes and
-- inserts one sale's row; a rebuild all of them) moves the client and travel-day sums by the rows it
-- removed and added, once per statement.
CREATE FUNCTION receivable_sums_move(old_rows sale_balances[], new_rows sale_balances[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO client_balances AS t (client_id, sales_count, total_sale, paid, pending)
    SELECT client_id, sum(n), sum(sale_price), sum(paid), sum(pending) FROM (
      SELECT o.client_id, -1 AS n, -o.sale_price AS sale_price, -o.paid AS paid, -o.pending AS pending
      FROM unnest(old_rows) o
      UNION ALL SELECT n.client_id, 1, n.sale_price, n.paid, n.pending FROM unnest(new_rows) n
    ) d GROUP BY client_id ORDER BY client_id
  ON CONFLICT (client_id) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count, total_sale = t.total_sale + excluded.total_sale,
        paid = t.paid + excluded.paid, pending = t.pending + excluded.pending;
  INSERT INTO balance_days AS t (travel_date, sales_count, pending)
    SELECT travel_date, sum(n), sum(pending) FROM (
      SELECT o.travel_date, -1 AS n, -o.pending AS pending FROM unnest(old_rows) o
      UNION ALL SELECT n.travel_date, 1, n.pending FROM unnest(new_rows) n
    ) d GROUP BY travel_date ORDER BY travel_date
  ON CONFLICT (travel_date) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count, pending = t.pending + excluded.pending;
$$;
--> statement-breakpoint
-- sale_balances rows are only ever inserted and deleted (migrations/0007), never updated.
CREATE TRIGGER receivable_sums_insert AFTER INSERT ON sale_balances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hand_over_transition_rows('receivable_sums_move');
--> statement-breakpoint
CREATE TRIGGER receivable_sums_delete AFTER DELETE ON sale_balances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hand_over_transition_rows('receivable_sums_move');
--> statement-breakpoint
-- Recomputes both from sale_balances: the backfill below and the test that compares the triggers'
-- work with it (rebuild_dues() already moves them through the triggers, set-based).
CREATE FUNCTION rebuild_receivable_sums() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM client_balances;
  DELETE FROM balance_days;
  INSERT INTO client_balances (client_id, sales_count, total_sale, paid, pending)
    SELECT client_id, count(*), sum(sale_price), sum(paid), sum(pending) FROM sale_balances GROUP BY client_id;
  INSERT INTO balance_days (travel_date, sales_count, pending)
    SELECT travel_date, count(*), sum(pending) FROM sale_balances GROUP BY travel_date;
END;
$$;
--> statement-breakpoint
SELECT rebuild_receivable_sums();
