CREATE TABLE "sale_balances" (
	"sale_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"travel_date" date NOT NULL,
	"sale_price" numeric(14, 2) NOT NULL,
	"paid" numeric(16, 2) NOT NULL,
	"pending" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_due_days" (
	"supplier_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"cost" numeric(16, 2) NOT NULL,
	"items_count" integer NOT NULL,
	CONSTRAINT "supplier_due_days_supplier_id_due_date_pk" PRIMARY KEY("supplier_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "supplier_dues" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"cost" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sale_balances_client_idx" ON "sale_balances" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sale_balances_travel_idx" ON "sale_balances" USING btree ("travel_date","sale_id");--> statement-breakpoint
CREATE INDEX "supplier_dues_due_idx" ON "supplier_dues" USING btree ("supplier_id","due_date","item_id");--> statement-breakpoint
CREATE INDEX "supplier_dues_sale_idx" ON "supplier_dues" USING btree ("sale_id");--> statement-breakpoint
-- What is still owed, kept by triggers like the aggregates of 0003 (docs/decisions/0024): each
-- trigger first takes the same advisory lock (lock_sales_aggregates), so writers of sales, items and
-- payments change these rows one transaction at a time and each statement below reads committed data.
-- One sale's open balance: a row only while it is not cancelled and owes more than its confirmed payments.
CREATE FUNCTION sale_balance_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sale_balances WHERE sale_id = p_sale_id;
  INSERT INTO sale_balances (sale_id, client_id, seller_id, travel_date, sale_price, paid, pending)
    SELECT s.id, s.client_id, s.seller_id, s.travel_date, s.sale_price, p.paid, s.sale_price - p.paid
    FROM sales s,
      LATERAL (SELECT coalesce(sum(amount), 0) AS paid FROM payments
               WHERE sale_id = s.id AND status = 'confirmed') p
    WHERE s.id = p_sale_id AND s.status <> 'cancelled' AND s.sale_price > p.paid;
END;
$$;
--> statement-breakpoint
-- One sale's item dues, and the per-day sums moved by the difference (suppliers and days in order,
-- as in supplier_sales_refresh). A sale cancelled or deleted has no dues.
CREATE FUNCTION supplier_dues_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO supplier_due_days AS t (supplier_id, due_date, cost, items_count)
    SELECT supplier_id, due_date, sum(c), sum(n) FROM (
      SELECT supplier_id, due_date, -cost AS c, -1 AS n FROM supplier_dues WHERE sale_id = p_sale_id
      UNION ALL
      SELECT i.supplier_id, coalesce(i.payment_date, s.travel_date), i.cost_price, 1
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE i.sale_id = p_sale_id AND s.status <> 'cancelled'
    ) d GROUP BY supplier_id, due_date ORDER BY supplier_id, due_date
  ON CONFLICT (supplier_id, due_date) DO UPDATE
    SET cost = t.cost + excluded.cost, items_count = t.items_count + excluded.items_count;
  -- Only a day this sale had items on can have emptied.
  DELETE FROM supplier_due_days d USING supplier_dues o
    WHERE o.sale_id = p_sale_id AND d.supplier_id = o.supplier_id AND d.due_date = o.due_date
      AND d.items_count = 0;
  DELETE FROM supplier_dues WHERE sale_id = p_sale_id;
  INSERT INTO supplier_dues (item_id, sale_id, supplier_id, seller_id, due_date, cost)
    SELECT i.id, i.sale_id, i.supplier_id, s.seller_id, coalesce(i.payment_date, s.travel_date), i.cost_price
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE i.sale_id = p_sale_id AND s.status <> 'cancelled';
END;
$$;
--> statement-breakpoint
CREATE FUNCTION dues_on_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  IF TG_OP = 'DELETE' THEN
    PERFORM sale_balance_refresh(OLD.id);
    PERFORM supplier_dues_refresh(OLD.id);
    RETURN NULL;
  END IF;
  PERFORM sale_balance_refresh(NEW.id);
  IF TG_OP = 'UPDATE' AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
      OR OLD.travel_date IS DISTINCT FROM NEW.travel_date) THEN
    PERFORM supplier_dues_refresh(NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dues_sale_insert_delete AFTER INSERT OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION dues_on_sale();
--> statement-breakpoint
-- Only changes that move what is owed: names, codes and the version leave the dues alone.
CREATE TRIGGER dues_sale_update AFTER UPDATE ON sales
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.sale_price IS DISTINCT FROM NEW.sale_price
    OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
    OR OLD.travel_date IS DISTINCT FROM NEW.travel_date
  ) EXECUTE FUNCTION dues_on_sale();
--> statement-breakpoint
-- A row of a sale changed (an item or a payment): that sale's balance and dues are recomputed, for
-- the sale it left and the one it joined. Refreshing both for either table costs one lookup more and
-- keeps a single function.
CREATE FUNCTION dues_on_sale_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sale_balance_refresh(OLD.sale_id);
    PERFORM supplier_dues_refresh(OLD.sale_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.sale_id <> OLD.sale_id) THEN
    PERFORM sale_balance_refresh(NEW.sale_id);
    PERFORM supplier_dues_refresh(NEW.sale_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dues_item_insert_delete AFTER INSERT OR DELETE ON sale_items
  FOR EACH ROW EXECUTE FUNCTION dues_on_sale_row();
--> statement-breakpoint
CREATE TRIGGER dues_item_update AFTER UPDATE ON sale_items
  FOR EACH ROW WHEN (
    OLD.sale_id IS DISTINCT FROM NEW.sale_id OR OLD.supplier_id IS DISTINCT FROM NEW.supplier_id
    OR OLD.cost_price IS DISTINCT FROM NEW.cost_price OR OLD.payment_date IS DISTINCT FROM NEW.payment_date
  ) EXECUTE FUNCTION dues_on_sale_row();
--> statement-breakpoint
CREATE TRIGGER dues_payment_insert_delete AFTER INSERT OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION dues_on_sale_row();
--> statement-breakpoint
CREATE TRIGGER dues_payment_update AFTER UPDATE ON payments
  FOR EACH ROW WHEN (
    OLD.sale_id IS DISTINCT FROM NEW.sale_id OR OLD.amount IS DISTINCT FROM NEW.amount
    OR OLD.status IS DISTINCT FROM NEW.status
  ) EXECUTE FUNCTION dues_on_sale_row();
--> statement-breakpoint
-- Recomputes all three from scratch: the backfill below, bulk loads that disable the triggers while
-- they insert (scripts/seed-large.ts) and the test that compares the triggers' work with it.
CREATE FUNCTION rebuild_dues() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM sale_balances;
  DELETE FROM supplier_dues;
  DELETE FROM supplier_due_days;
  INSERT INTO sale_balances (sale_id, client_id, seller_id, travel_date, sale_price, paid, pending)
    SELECT s.id, s.client_id, s.seller_id, s.travel_date, s.sale_price, coalesce(p.paid, 0),
      s.sale_price - coalesce(p.paid, 0)
    FROM sales s
    LEFT JOIN (SELECT sale_id, sum(amount) AS paid FROM payments WHERE status = 'confirmed' GROUP BY sale_id) p
      ON p.sale_id = s.id
    WHERE s.status <> 'cancelled' AND s.sale_price > coalesce(p.paid, 0);
  INSERT INTO supplier_dues (item_id, sale_id, supplier_id, seller_id, due_date, cost)
    SELECT i.id, i.sale_id, i.supplier_id, s.seller_id, coalesce(i.payment_date, s.travel_date), i.cost_price
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE s.status <> 'cancelled';
  INSERT INTO supplier_due_days (supplier_id, due_date, cost, items_count)
    SELECT supplier_id, due_date, sum(cost), count(*) FROM supplier_dues GROUP BY supplier_id, due_date;
END;
$$;
--> statement-breakpoint
SELECT rebuild_dues();
