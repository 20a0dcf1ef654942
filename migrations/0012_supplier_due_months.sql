-- The supplier cutoffs walk months before days (docs/decisions/0036, src/server/db/schema/dues.ts,
-- src/server/modules/reports/payables.ts). The month sums move with the day sums, in the same
-- function and under the same lock (migrations/0007).
CREATE TABLE "supplier_due_months" (
	"supplier_id" integer NOT NULL,
	"month" date NOT NULL,
	"cost" numeric(16, 2) NOT NULL,
	"items_count" integer NOT NULL,
	CONSTRAINT "supplier_due_months_supplier_id_month_pk" PRIMARY KEY("supplier_id","month")
);
--> statement-breakpoint
DROP INDEX "supplier_dues_seller_idx";--> statement-breakpoint
CREATE INDEX "supplier_dues_seller_walk_idx" ON "supplier_dues" USING btree ("seller_id","supplier_id","due_date","item_id","cost","sale_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION supplier_dues_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The difference this sale makes, per supplier and due day: the days' and the months' sums move
  -- by it, in one statement (suppliers and days in order, as in supplier_sales_refresh).
  WITH change AS (
    SELECT supplier_id, due_date, sum(c) AS cost, sum(n) AS items FROM (
      SELECT supplier_id, due_date, -cost AS c, -1 AS n FROM supplier_dues WHERE sale_id = p_sale_id
      UNION ALL
      SELECT i.supplier_id, coalesce(i.payment_date, s.travel_date), i.cost_price, 1
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE i.sale_id = p_sale_id AND s.status <> 'cancelled'
    ) d GROUP BY supplier_id, due_date
  ), days AS (
    INSERT INTO supplier_due_days AS t (supplier_id, due_date, cost, items_count)
      SELECT supplier_id, due_date, cost, items FROM change ORDER BY supplier_id, due_date
    ON CONFLICT (supplier_id, due_date) DO UPDATE
      SET cost = t.cost + excluded.cost, items_count = t.items_count + excluded.items_count
  )
  INSERT INTO supplier_due_months AS t (supplier_id, month, cost, items_count)
    SELECT supplier_id, date_trunc('month', due_date)::date, sum(cost), sum(items) FROM change
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (supplier_id, month) DO UPDATE
    SET cost = t.cost + excluded.cost, items_count = t.items_count + excluded.items_count;
  -- Only a day or month this sale had items in can have emptied.
  DELETE FROM supplier_due_days d USING supplier_dues o
    WHERE o.sale_id = p_sale_id AND d.supplier_id = o.supplier_id AND d.due_date = o.due_date
      AND d.items_count = 0;
  DELETE FROM supplier_due_months m USING supplier_dues o
    WHERE o.sale_id = p_sale_id AND m.supplier_id = o.supplier_id
      AND m.month = date_trunc('month', o.due_date)::date AND m.items_count = 0;
  DELETE FROM supplier_dues WHERE sale_id = p_sale_id;
  INSERT INTO supplier_dues (item_id, sale_id, supplier_id, seller_id, due_date, cost)
    SELECT i.id, i.sale_id, i.supplier_id, s.seller_id, coalesce(i.payment_date, s.travel_date), i.cost_price
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE i.sale_id = p_sale_id AND s.status <> 'cancelled';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_dues() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM sale_balances;
  DELETE FROM supplier_dues;
  DELETE FROM supplier_due_days;
  DELETE FROM supplier_due_months;
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
  INSERT INTO supplier_due_months (supplier_id, month, cost, items_count)
    SELECT supplier_id, date_trunc('month', due_date)::date, sum(cost), sum(items_count)
    FROM supplier_due_days GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
INSERT INTO supplier_due_months (supplier_id, month, cost, items_count)
  SELECT supplier_id, date_trunc('month', due_date)::date, sum(cost), sum(items_count)
  FROM supplier_due_days GROUP BY 1, 2;--> statement-breakpoint
ANALYZE "supplier_due_months";
