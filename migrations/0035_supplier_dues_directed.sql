-- Supplier payments go where they are told; drafts owe suppliers nothing
-- (docs/decisions/0088-supplier-payments-go-where-told.md).

-- What each related sale takes of a supplier payment's USD value, written by supplier_payment_allocate().
ALTER TABLE "supplier_payment_sales" ADD COLUMN "allocated" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_payment_sales" ADD CONSTRAINT "supplier_payment_sales_allocated_check" CHECK ("supplier_payment_sales"."allocated" >= 0);--> statement-breakpoint

-- Each due's cost less what the payments directed at its sale settle, summed per day and month: the
-- supplier's other payments settle only that, earliest first. The walks' indexes read it instead of the
-- cost; the index of free items goes (an item that owes nothing has no open cost, which the day sums count).
DROP INDEX "supplier_dues_free_idx";--> statement-breakpoint
DROP INDEX "supplier_due_days_walk_idx";--> statement-breakpoint
DROP INDEX "supplier_dues_due_idx";--> statement-breakpoint
DROP INDEX "supplier_dues_seller_walk_idx";--> statement-breakpoint
ALTER TABLE "supplier_dues" ADD COLUMN "open_cost" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_due_days" ADD COLUMN "open_cost" numeric(16, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_due_days" ADD COLUMN "open_items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_due_months" ADD COLUMN "open_cost" numeric(16, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint

-- The open cost of the dues of some sales: the allocations to each sale by its suppliers' payments settle
-- that supplier's items of the sale in due order (item id breaking ties). Dues of other sales are left as
-- written (open cost = cost). Used by supplier_dues_refresh() for one sale and by rebuild_dues() for all.
CREATE FUNCTION supplier_dues_direct(p_sale_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE supplier_dues d SET open_cost = d.cost - least(d.cost, greatest(a.allocated - w.before, 0))
  FROM (
    SELECT item_id,
      sum(cost) OVER (PARTITION BY sale_id, supplier_id ORDER BY due_date, item_id ROWS UNBOUNDED PRECEDING) - cost AS before
    FROM supplier_dues WHERE sale_id = ANY(p_sale_ids)
  ) w, (
    SELECT l.sale_id, p.supplier_id, sum(l.allocated) AS allocated
    FROM supplier_payment_sales l JOIN supplier_payments p ON p.id = l.supplier_payment_id
    WHERE l.sale_id = ANY(p_sale_ids) AND l.allocated > 0
    GROUP BY l.sale_id, p.supplier_id
  ) a
  WHERE d.item_id = w.item_id AND d.sale_id = a.sale_id AND d.supplier_id = a.supplier_id;
$$;--> statement-breakpoint

-- One sale's dues: a draft owes nothing, like a cancelled sale. The new rows are written first (with their
-- open cost), then the days and months move by the difference from the rows they replace.
CREATE OR REPLACE FUNCTION supplier_dues_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was supplier_dues[] := ARRAY(SELECT d FROM supplier_dues d WHERE d.sale_id = p_sale_id);
BEGIN
  DELETE FROM supplier_dues WHERE sale_id = p_sale_id;
  INSERT INTO supplier_dues (item_id, sale_id, supplier_id, seller_id, due_date, cost, open_cost)
    SELECT i.id, i.sale_id, i.supplier_id, s.seller_id, coalesce(i.payment_date, s.travel_date),
      round(i.cost_price * s.exchange_rate, 2), round(i.cost_price * s.exchange_rate, 2)
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE i.sale_id = p_sale_id AND s.status NOT IN ('cancelled', 'draft');
  PERFORM supplier_dues_direct(ARRAY[p_sale_id]);
  -- The difference this sale makes, per supplier and due day: the days' and the months' sums move
  -- by it, in one statement (suppliers and days in order, as in supplier_sales_refresh).
  WITH change AS (
    SELECT supplier_id, due_date, sum(c) AS cost, sum(n) AS items, sum(o) AS open_cost, sum(k) AS open_items FROM (
      SELECT supplier_id, due_date, -cost AS c, -1 AS n, -open_cost AS o, -(open_cost > 0)::int AS k FROM unnest(was)
      UNION ALL
      SELECT supplier_id, due_date, cost, 1, open_cost, (open_cost > 0)::int FROM supplier_dues WHERE sale_id = p_sale_id
    ) d GROUP BY supplier_id, due_date
  ), days AS (
    INSERT INTO supplier_due_days AS t (supplier_id, due_date, cost, items_count, open_cost, open_items)
      SELECT supplier_id, due_date, cost, items, open_cost, open_items FROM change ORDER BY supplier_id, due_date
    ON CONFLICT (supplier_id, due_date) DO UPDATE
      SET cost = t.cost + excluded.cost, items_count = t.items_count + excluded.items_count,
        open_cost = t.open_cost + excluded.open_cost, open_items = t.open_items + excluded.open_items
  )
  INSERT INTO supplier_due_months AS t (supplier_id, month, cost, items_count, open_cost)
    SELECT supplier_id, date_trunc('month', due_date)::date, sum(cost), sum(items), sum(open_cost) FROM change
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (supplier_id, month) DO UPDATE
    SET cost = t.cost + excluded.cost, items_count = t.items_count + excluded.items_count,
      open_cost = t.open_cost + excluded.open_cost;
  -- Only a day or month this sale had items in can have emptied.
  DELETE FROM supplier_due_days d USING unnest(was) o
    WHERE d.supplier_id = o.supplier_id AND d.due_date = o.due_date AND d.items_count = 0;
  DELETE FROM supplier_due_months m USING unnest(was) o
    WHERE m.supplier_id = o.supplier_id AND m.month = date_trunc('month', o.due_date)::date AND m.items_count = 0;
END;
$$;--> statement-breakpoint

-- A supplier's shares of a sale count while the sale owes it: neither a draft nor a cancelled sale does.
CREATE OR REPLACE FUNCTION supplier_sales_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Totals first, while supplier_sales still holds the old shares; suppliers in id order.
  INSERT INTO supplier_totals AS t (supplier_id, sales_count, total_cost)
    SELECT supplier_id, sum(n), sum(c) FROM (
      SELECT supplier_id, -1 AS n, -cost AS c FROM supplier_sales WHERE sale_id = p_sale_id AND counted
      UNION ALL
      SELECT i.supplier_id, 1, sum(round(i.cost_price * s.exchange_rate, 2))
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE i.sale_id = p_sale_id AND s.status NOT IN ('cancelled', 'draft')
      GROUP BY i.supplier_id
    ) d GROUP BY supplier_id ORDER BY supplier_id
  ON CONFLICT (supplier_id) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count, total_cost = t.total_cost + excluded.total_cost;

  DELETE FROM supplier_sales WHERE sale_id = p_sale_id;
  INSERT INTO supplier_sales (supplier_id, sale_id, cost, counted, sale_created_at)
    SELECT i.supplier_id, p_sale_id, sum(round(i.cost_price * s.exchange_rate, 2)),
      s.status NOT IN ('cancelled', 'draft'), s.creation_date
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE i.sale_id = p_sale_id
    GROUP BY i.supplier_id, s.status, s.creation_date;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION rebuild_sales_aggregates() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM sales_summary;
  DELETE FROM sales_daily;
  DELETE FROM supplier_sales;
  DELETE FROM supplier_totals;
  INSERT INTO sales_summary (seller_id, status, sale_type, service_type, region, sales_count, sale_price, total_cost)
    SELECT seller_id, status, sale_type, service_type, region, count(*), sum(sale_price_usd), sum(total_cost_usd)
    FROM sales GROUP BY seller_id, status, sale_type, service_type, region;
  INSERT INTO sales_daily (seller_id, day, sales_count, sale_price, total_cost)
    SELECT seller_id, f_agency_day(creation_date), count(*), sum(sale_price_usd), sum(total_cost_usd)
    FROM sales WHERE status <> 'cancelled' GROUP BY 1, 2;
  INSERT INTO supplier_sales (supplier_id, sale_id, cost, counted, sale_created_at)
    SELECT i.supplier_id, i.sale_id, sum(round(i.cost_price * s.exchange_rate, 2)),
      s.status NOT IN ('cancelled', 'draft'), s.creation_date
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    GROUP BY i.supplier_id, i.sale_id, s.status, s.creation_date;
  INSERT INTO supplier_totals (supplier_id, sales_count, total_cost)
    SELECT supplier_id, count(*) FILTER (WHERE counted), coalesce(sum(cost) FILTER (WHERE counted), 0)
    FROM supplier_sales GROUP BY supplier_id;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION rebuild_dues() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM sale_balances;
  DELETE FROM supplier_dues;
  DELETE FROM supplier_due_days;
  DELETE FROM supplier_due_months;
  INSERT INTO sale_balances (sale_id, client_id, seller_id, travel_date, sale_price, paid, pending,
      sale_price_usd, paid_usd, pending_usd)
    SELECT s.id, s.client_id, s.seller_id, s.travel_date, s.sale_price, coalesce(p.paid, 0),
      s.sale_price - coalesce(p.paid, 0),
      s.sale_price_usd, s.sale_price_usd - round((s.sale_price - coalesce(p.paid, 0)) * s.exchange_rate, 2),
      round((s.sale_price - coalesce(p.paid, 0)) * s.exchange_rate, 2)
    FROM sales s
    LEFT JOIN (SELECT sale_id, sum(sale_amount) AS paid FROM payments WHERE status = 'confirmed' GROUP BY sale_id) p
      ON p.sale_id = s.id
    WHERE s.status <> 'cancelled' AND s.sale_price > coalesce(p.paid, 0);
  INSERT INTO supplier_dues (item_id, sale_id, supplier_id, seller_id, due_date, cost, open_cost)
    SELECT i.id, i.sale_id, i.supplier_id, s.seller_id, coalesce(i.payment_date, s.travel_date),
      round(i.cost_price * s.exchange_rate, 2), round(i.cost_price * s.exchange_rate, 2)
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE s.status NOT IN ('cancelled', 'draft');
  PERFORM supplier_dues_direct(ARRAY(SELECT DISTINCT sale_id FROM supplier_payment_sales WHERE allocated > 0));
  INSERT INTO supplier_due_days (supplier_id, due_date, cost, items_count, open_cost, open_items)
    SELECT supplier_id, due_date, sum(cost), count(*), sum(open_cost), count(*) FILTER (WHERE open_cost > 0)
    FROM supplier_dues GROUP BY supplier_id, due_date;
  INSERT INTO supplier_due_months (supplier_id, month, cost, items_count, open_cost)
    SELECT supplier_id, date_trunc('month', due_date)::date, sum(cost), sum(items_count), sum(open_cost)
    FROM supplier_due_days GROUP BY 1, 2;
END;
$$;--> statement-breakpoint

-- A payment's allocation to its related sales: first its own is undone, then its USD value goes to those
-- sales oldest due first (a sale's earliest due of the payment's supplier, then its id), each up to what the
-- supplier's items of the sale cost less what the supplier's other payments took of it. The sale's status
-- does not matter here: what a sale does not owe (a draft, a cancellation, a cost lowered later) is left
-- out of the dues by supplier_dues_direct() and so settles the other dues, until the sale owes it again.
-- Under the aggregates' lock, so that two payments for one sale are allocated one after the other.
CREATE FUNCTION supplier_payment_allocate(p_payment_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  UPDATE supplier_payment_sales SET allocated = 0 WHERE supplier_payment_id = p_payment_id AND allocated <> 0;
  WITH owed AS (
    SELECT l.sale_id, c.first_due, greatest(c.cost - coalesce(t.taken, 0), 0) AS cost
    FROM supplier_payments p
    JOIN supplier_payment_sales l ON l.supplier_payment_id = p.id
    CROSS JOIN LATERAL (
      SELECT min(coalesce(i.payment_date, s.travel_date)) AS first_due, sum(round(i.cost_price * s.exchange_rate, 2)) AS cost
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE i.sale_id = l.sale_id AND i.supplier_id = p.supplier_id
    ) c
    CROSS JOIN LATERAL (
      SELECT sum(x.allocated) AS taken
      FROM supplier_payment_sales x JOIN supplier_payments y ON y.id = x.supplier_payment_id
      WHERE x.sale_id = l.sale_id AND y.supplier_id = p.supplier_id AND x.supplier_payment_id <> p.id
    ) t
    WHERE p.id = p_payment_id
  ), shares AS (
    SELECT o.sale_id,
      least(o.cost, greatest(p.amount_usd - (sum(o.cost) OVER (ORDER BY o.first_due, o.sale_id ROWS UNBOUNDED PRECEDING) - o.cost), 0)) AS allocated
    FROM owed o, supplier_payments p WHERE p.id = p_payment_id
  )
  UPDATE supplier_payment_sales l SET allocated = s.allocated FROM shares s
    WHERE l.supplier_payment_id = p_payment_id AND l.sale_id = s.sale_id AND s.allocated > 0;
END;
$$;--> statement-breakpoint

-- An allocation moves the open cost of its sale's dues.
CREATE FUNCTION dues_on_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM supplier_dues_refresh(OLD.sale_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.sale_id <> OLD.sale_id) THEN
    PERFORM supplier_dues_refresh(NEW.sale_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER dues_allocation_insert AFTER INSERT ON supplier_payment_sales FOR EACH ROW
  WHEN (NEW.allocated <> 0) EXECUTE FUNCTION dues_on_allocation();--> statement-breakpoint
CREATE TRIGGER dues_allocation_delete AFTER DELETE ON supplier_payment_sales FOR EACH ROW
  WHEN (OLD.allocated <> 0) EXECUTE FUNCTION dues_on_allocation();--> statement-breakpoint
CREATE TRIGGER dues_allocation_update AFTER UPDATE ON supplier_payment_sales FOR EACH ROW
  WHEN (OLD.allocated IS DISTINCT FROM NEW.allocated OR OLD.sale_id IS DISTINCT FROM NEW.sale_id)
  EXECUTE FUNCTION dues_on_allocation();--> statement-breakpoint

-- Drafts leave the supplier figures; the payments already linked to sales are allocated in the order they
-- were made, as the rule would have done (each allocation refreshes its sales' dues through the trigger).
SELECT rebuild_sales_aggregates();--> statement-breakpoint
SELECT rebuild_dues();--> statement-breakpoint
DO $$
DECLARE
  payment integer;
BEGIN
  FOR payment IN SELECT DISTINCT supplier_payment_id FROM supplier_payment_sales ORDER BY 1 LOOP
    PERFORM supplier_payment_allocate(payment);
  END LOOP;
END;
$$;--> statement-breakpoint
ALTER TABLE "supplier_dues" ALTER COLUMN "open_cost" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "supplier_due_days" ALTER COLUMN "open_cost" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "supplier_due_days" ALTER COLUMN "open_items" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "supplier_due_months" ALTER COLUMN "open_cost" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "supplier_due_days_walk_idx" ON "supplier_due_days" USING btree ("supplier_id","due_date","open_cost","open_items");--> statement-breakpoint
CREATE INDEX "supplier_dues_due_idx" ON "supplier_dues" USING btree ("supplier_id","due_date","item_id","open_cost");--> statement-breakpoint
CREATE INDEX "supplier_dues_seller_walk_idx" ON "supplier_dues" USING btree ("seller_id","supplier_id","due_date","item_id","cost","open_cost","sale_id");
