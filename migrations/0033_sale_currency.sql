-- A sale has a currency and a frozen USD rate; every kept USD figure adds the sale's USD values; a sale's
-- debt is in its own currency (docs/decisions/0085-sale-currency.md).

-- Rates to sixteen decimals, each with its inverse. payments.usd_amount is generated from exchange_rate,
-- so it is dropped (with its check and the trigger that reads it) while the rate widens, then put back.
DROP TRIGGER dues_payment_update ON payments;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_usd_amount_check";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "usd_amount";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "exchange_rate" SET DATA TYPE numeric(28, 16);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "usd_amount" numeric(14, 2) GENERATED ALWAYS AS (round("amount" * "exchange_rate", 2)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_usd_amount_check" CHECK ("payments"."usd_amount" > 0);--> statement-breakpoint
ALTER TABLE "currency_rates" DROP CONSTRAINT "currency_rates_rate_check";--> statement-breakpoint
ALTER TABLE "currency_rates" ALTER COLUMN "rate" SET DATA TYPE numeric(28, 16);--> statement-breakpoint
ALTER TABLE "supplier_payments" ALTER COLUMN "rate_to_usd" SET DATA TYPE numeric(28, 16);--> statement-breakpoint
ALTER TABLE "currency_rates" ADD COLUMN "units_per_usd" numeric(28, 16);--> statement-breakpoint
UPDATE currency_rates SET units_per_usd = round(1 / rate, 16);--> statement-breakpoint
ALTER TABLE "currency_rates" ALTER COLUMN "units_per_usd" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_rate_check" CHECK ("currency_rates"."rate" > 0 and "currency_rates"."units_per_usd" > 0);--> statement-breakpoint

ALTER TABLE "company_settings" ADD COLUMN "number_format" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_number_format_check" CHECK ("company_settings"."number_format" in ('en', 'es'));--> statement-breakpoint

-- Every sale so far was priced in USD (the API did not take a currency): rate 1.
ALTER TABLE "sales" ADD COLUMN "exchange_rate" numeric(28, 16) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "sale_price_usd" numeric(16, 2) GENERATED ALWAYS AS (round("sale_price" * "exchange_rate", 2)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "total_cost_usd" numeric(16, 2) GENERATED ALWAYS AS (round("total_cost" * "exchange_rate", 2)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_exchange_rate_check" CHECK ("sales"."exchange_rate" > 0);--> statement-breakpoint

-- A payment's value in its sale's currency: its USD value on the USD sales of today, its amount when it
-- was paid in the sale's own currency.
ALTER TABLE "payments" ADD COLUMN "sale_amount" numeric(14, 2);--> statement-breakpoint
UPDATE payments p SET sale_amount = CASE WHEN p.currency = s.currency THEN p.amount ELSE p.usd_amount END
  FROM sales s WHERE s.id = p.sale_id;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "sale_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sale_amount_check" CHECK ("payments"."sale_amount" > 0);--> statement-breakpoint

ALTER TABLE "sale_balances" ADD COLUMN "sale_price_usd" numeric(16, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_balances" ADD COLUMN "paid_usd" numeric(16, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_balances" ADD COLUMN "pending_usd" numeric(16, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint

-- A sale's balance: in its currency (sale_amount of its confirmed payments), and in USD at its frozen rate.
CREATE OR REPLACE FUNCTION sale_balance_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was sale_balances;
  now sale_balances;
BEGIN
  SELECT * INTO was FROM sale_balances WHERE sale_id = p_sale_id;
  SELECT s.id, s.client_id, s.seller_id, s.travel_date, s.sale_price, p.paid, s.sale_price - p.paid,
      s.sale_price_usd, s.sale_price_usd - round((s.sale_price - p.paid) * s.exchange_rate, 2),
      round((s.sale_price - p.paid) * s.exchange_rate, 2)
    INTO now
    FROM sales s,
      LATERAL (SELECT coalesce(sum(sale_amount), 0) AS paid FROM payments
               WHERE sale_id = s.id AND status = 'confirmed') p
    WHERE s.id = p_sale_id AND s.status <> 'cancelled' AND s.sale_price > p.paid;
  IF was.sale_id IS NULL AND now.sale_id IS NULL THEN RETURN; END IF;
  IF was.sale_id IS NULL THEN
    INSERT INTO sale_balances SELECT now.*;
  ELSIF now.sale_id IS NULL THEN
    DELETE FROM sale_balances WHERE sale_id = p_sale_id;
  ELSIF was IS DISTINCT FROM now THEN
    UPDATE sale_balances SET client_id = now.client_id, seller_id = now.seller_id, travel_date = now.travel_date,
      sale_price = now.sale_price, paid = now.paid, pending = now.pending,
      sale_price_usd = now.sale_price_usd, paid_usd = now.paid_usd, pending_usd = now.pending_usd
    WHERE sale_id = p_sale_id;
    IF was.client_id = now.client_id AND was.travel_date = now.travel_date THEN
      -- A payment or a new total: the same two sum rows, moved by the difference.
      UPDATE client_balances SET total_sale = total_sale + (now.sale_price_usd - was.sale_price_usd),
        paid = paid + (now.paid_usd - was.paid_usd), pending = pending + (now.pending_usd - was.pending_usd)
      WHERE client_id = now.client_id;
      UPDATE balance_days SET pending = pending + (now.pending_usd - was.pending_usd) WHERE travel_date = now.travel_date;
    ELSE
      PERFORM receivable_sums_move(ARRAY[was], ARRAY[now]);
    END IF;
  END IF;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION receivable_sums_move(old_rows sale_balances[], new_rows sale_balances[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO client_balances AS t (client_id, sales_count, total_sale, paid, pending)
    SELECT client_id, sum(n), sum(sale_price), sum(paid), sum(pending) FROM (
      SELECT o.client_id, -1 AS n, -o.sale_price_usd AS sale_price, -o.paid_usd AS paid, -o.pending_usd AS pending
      FROM unnest(old_rows) o
      UNION ALL SELECT n.client_id, 1, n.sale_price_usd, n.paid_usd, n.pending_usd FROM unnest(new_rows) n
    ) d GROUP BY client_id ORDER BY client_id
  ON CONFLICT (client_id) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count, total_sale = t.total_sale + excluded.total_sale,
        paid = t.paid + excluded.paid, pending = t.pending + excluded.pending;
  INSERT INTO balance_days AS t (travel_date, sales_count, pending)
    SELECT travel_date, sum(n), sum(pending) FROM (
      SELECT o.travel_date, -1 AS n, -o.pending_usd AS pending FROM unnest(old_rows) o
      UNION ALL SELECT n.travel_date, 1, n.pending_usd FROM unnest(new_rows) n
    ) d GROUP BY travel_date ORDER BY travel_date
  ON CONFLICT (travel_date) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count, pending = t.pending + excluded.pending;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION rebuild_receivable_sums() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM client_balances;
  DELETE FROM balance_days;
  INSERT INTO client_balances (client_id, sales_count, total_sale, paid, pending)
    SELECT client_id, count(*), sum(sale_price_usd), sum(paid_usd), sum(pending_usd) FROM sale_balances GROUP BY client_id;
  INSERT INTO balance_days (travel_date, sales_count, pending)
    SELECT travel_date, count(*), sum(pending_usd) FROM sale_balances GROUP BY travel_date;
END;
$$;--> statement-breakpoint

-- Supplier dues and shares in USD at the sale's frozen rate.
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
  INSERT INTO supplier_dues (item_id, sale_id, supplier_id, seller_id, due_date, cost)
    SELECT i.id, i.sale_id, i.supplier_id, s.seller_id, coalesce(i.payment_date, s.travel_date),
      round(i.cost_price * s.exchange_rate, 2)
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE s.status <> 'cancelled';
  INSERT INTO supplier_due_days (supplier_id, due_date, cost, items_count)
    SELECT supplier_id, due_date, sum(cost), count(*) FROM supplier_dues GROUP BY supplier_id, due_date;
  INSERT INTO supplier_due_months (supplier_id, month, cost, items_count)
    SELECT supplier_id, date_trunc('month', due_date)::date, sum(cost), sum(items_count)
    FROM supplier_due_days GROUP BY 1, 2;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION supplier_dues_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The difference this sale makes, per supplier and due day: the days' and the months' sums move
  -- by it, in one statement (suppliers and days in order, as in supplier_sales_refresh).
  WITH change AS (
    SELECT supplier_id, due_date, sum(c) AS cost, sum(n) AS items FROM (
      SELECT supplier_id, due_date, -cost AS c, -1 AS n FROM supplier_dues WHERE sale_id = p_sale_id
      UNION ALL
      SELECT i.supplier_id, coalesce(i.payment_date, s.travel_date), round(i.cost_price * s.exchange_rate, 2), 1
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
    SELECT i.id, i.sale_id, i.supplier_id, s.seller_id, coalesce(i.payment_date, s.travel_date),
      round(i.cost_price * s.exchange_rate, 2)
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE i.sale_id = p_sale_id AND s.status <> 'cancelled';
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION supplier_sales_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Totals first, while supplier_sales still holds the old shares; suppliers in id order.
  INSERT INTO supplier_totals AS t (supplier_id, sales_count, total_cost)
    SELECT supplier_id, sum(n), sum(c) FROM (
      SELECT supplier_id, -1 AS n, -cost AS c FROM supplier_sales WHERE sale_id = p_sale_id AND counted
      UNION ALL
      SELECT i.supplier_id, 1, sum(round(i.cost_price * s.exchange_rate, 2))
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE i.sale_id = p_sale_id AND s.status <> 'cancelled'
      GROUP BY i.supplier_id
    ) d GROUP BY supplier_id ORDER BY supplier_id
  ON CONFLICT (supplier_id) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count, total_cost = t.total_cost + excluded.total_cost;

  DELETE FROM supplier_sales WHERE sale_id = p_sale_id;
  INSERT INTO supplier_sales (supplier_id, sale_id, cost, counted, sale_created_at)
    SELECT i.supplier_id, p_sale_id, sum(round(i.cost_price * s.exchange_rate, 2)), s.status <> 'cancelled', s.creation_date
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE i.sale_id = p_sale_id
    GROUP BY i.supplier_id, s.status, s.creation_date;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION sales_summary_add(s sales, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_summary AS t (seller_id, status, sale_type, service_type, region, sales_count, sale_price, total_cost)
  VALUES (s.seller_id, s.status, s.sale_type, s.service_type, s.region, sign, sign * s.sale_price_usd, sign * s.total_cost_usd)
  ON CONFLICT (seller_id, status, sale_type, service_type, region) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count,
        sale_price = t.sale_price + excluded.sale_price,
        total_cost = t.total_cost + excluded.total_cost;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION sales_daily_add(s sales, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_daily AS t (seller_id, day, sales_count, sale_price, total_cost)
  SELECT s.seller_id, f_agency_day(s.creation_date), sign, sign * s.sale_price_usd, sign * s.total_cost_usd
  WHERE s.status <> 'cancelled'
  ON CONFLICT (seller_id, day) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count,
        sale_price = t.sale_price + excluded.sale_price,
        total_cost = t.total_cost + excluded.total_cost;
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
    SELECT i.supplier_id, i.sale_id, sum(round(i.cost_price * s.exchange_rate, 2)), s.status <> 'cancelled', s.creation_date
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    GROUP BY i.supplier_id, i.sale_id, s.status, s.creation_date;
  INSERT INTO supplier_totals (supplier_id, sales_count, total_cost)
    SELECT supplier_id, count(*) FILTER (WHERE counted), coalesce(sum(cost) FILTER (WHERE counted), 0)
    FROM supplier_sales GROUP BY supplier_id;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION sales_aggregates_on_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sales_summary_add(OLD, -1);
    PERFORM sales_daily_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM sales_summary_add(NEW, 1);
    PERFORM sales_daily_add(NEW, 1);
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.creation_date IS DISTINCT FROM NEW.creation_date
      OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate) THEN
    PERFORM supplier_sales_refresh(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM supplier_sales_refresh(OLD.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION dues_on_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  IF TG_OP = 'DELETE' THEN
    PERFORM sale_balance_refresh(OLD.id);
    PERFORM supplier_dues_refresh(OLD.id);
    RETURN NULL;
  END IF;
  PERFORM sale_balance_refresh(NEW.id);
  IF TG_OP = 'UPDATE' AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
      OR OLD.travel_date IS DISTINCT FROM NEW.travel_date OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate) THEN
    PERFORM supplier_dues_refresh(NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_days_move_sale(o sales, n sales) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_days AS t (dimension, date_field, day, key, sales_count, sale_price, total_cost)
  SELECT g.dimension, d.date_field, d.day, g.key, sum(s.sign), sum(s.sign * s.sale_price_usd), sum(s.sign * s.total_cost_usd)
  FROM (SELECT -1 AS sign, o.* UNION ALL SELECT 1, n.*) s
  CROSS JOIN LATERAL (VALUES ('seller', s.seller_id::text), ('region', s.region), ('serviceType', s.service_type)) g(dimension, key)
  CROSS JOIN LATERAL (VALUES ('creation', f_agency_day(s.creation_date)), ('travel', s.travel_date)) d(date_field, day)
  WHERE s.id IS NOT NULL AND s.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  HAVING sum(s.sign) <> 0 OR sum(s.sign * s.sale_price_usd) <> 0 OR sum(s.sign * s.total_cost_usd) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (dimension, date_field, day, key) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count,
        sale_price = t.sale_price + excluded.sale_price,
        total_cost = t.total_cost + excluded.total_cost;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_item_groups(p_sales sales[], p_items sale_items[])
RETURNS TABLE(dimension text, date_field text, day date, key text, sale_price numeric, total_cost numeric)
LANGUAGE sql AS $$
  SELECT per_sale.dimension, d.date_field, d.day, per_sale.key, per_sale.sale_price, per_sale.cost
  FROM (
    SELECT g.dimension, g.key, s.id, f_agency_day(s.creation_date) AS created, s.travel_date,
      sum(round(i.sale_price * s.exchange_rate, 2)) AS sale_price, sum(round(i.cost_price * s.exchange_rate, 2)) AS cost
    FROM unnest(p_sales) s
    JOIN unnest(p_items) i ON i.sale_id = s.id
    CROSS JOIN LATERAL (VALUES ('supplier', i.supplier_id::text), ('classification', i.classification_id::text), ('items', '')) g(dimension, key)
    WHERE s.status <> 'cancelled'
    GROUP BY g.dimension, g.key, s.id, s.creation_date, s.travel_date
  ) per_sale
  CROSS JOIN LATERAL (VALUES ('creation', per_sale.created), ('travel', per_sale.travel_date)) d(date_field, day);
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION report_days_on_sale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  items sale_items[];
BEGIN
  PERFORM lock_sales_aggregates();
  IF TG_OP = 'INSERT' THEN PERFORM report_days_move_sale(NULL, NEW);
  ELSIF TG_OP = 'UPDATE' THEN PERFORM report_days_move_sale(OLD, NEW);
  ELSE PERFORM report_days_move_sale(OLD, NULL);
  END IF;
  -- Item groups move with the sale's status, days and rate. A new sale has no items yet; a deleted one
  -- takes its items' groups away here, before the delete cascades to the items (whose own trigger
  -- then finds no sale and does nothing).
  IF TG_OP = 'UPDATE' AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.creation_date IS DISTINCT FROM NEW.creation_date
      OR OLD.travel_date IS DISTINCT FROM NEW.travel_date OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate) THEN
    items := ARRAY(SELECT i FROM sale_items i WHERE i.sale_id = NEW.id);
    PERFORM report_days_move_items(ARRAY[OLD], items, ARRAY[NEW], items);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_days_move_items(ARRAY[OLD], ARRAY(SELECT i FROM sale_items i WHERE i.sale_id = OLD.id), '{}', '{}');
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION rebuild_report_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM report_days;
  INSERT INTO report_days (dimension, date_field, day, key, sales_count, sale_price, total_cost)
    SELECT g.dimension, d.date_field, d.day, g.key, count(*), sum(g.sale_price), sum(g.cost)
    FROM (
      SELECT v.dimension, v.key, s.id, s.sale_price_usd AS sale_price, s.total_cost_usd AS cost,
        f_agency_day(s.creation_date) AS created, s.travel_date
      FROM sales s
      CROSS JOIN LATERAL (VALUES ('seller', s.seller_id::text), ('region', s.region), ('serviceType', s.service_type)) v(dimension, key)
      WHERE s.status <> 'cancelled'
      UNION ALL
      SELECT v.dimension, v.key, s.id, sum(round(i.sale_price * s.exchange_rate, 2)), sum(round(i.cost_price * s.exchange_rate, 2)),
        f_agency_day(s.creation_date), s.travel_date
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      CROSS JOIN LATERAL (VALUES ('supplier', i.supplier_id::text), ('classification', i.classification_id::text), ('items', '')) v(dimension, key)
      WHERE s.status <> 'cancelled'
      GROUP BY v.dimension, v.key, s.id, s.creation_date, s.travel_date
    ) g
    CROSS JOIN LATERAL (VALUES ('creation', g.created), ('travel', g.travel_date)) d(date_field, day)
    GROUP BY g.dimension, d.date_field, d.day, g.key;
END;
$$;--> statement-breakpoint

-- The update triggers watch the USD values and the rate (a rate correction moves every USD sum).
DROP TRIGGER dues_sale_update ON sales;--> statement-breakpoint
CREATE TRIGGER dues_sale_update AFTER UPDATE ON sales FOR EACH ROW WHEN (
  OLD.status IS DISTINCT FROM NEW.status OR OLD.sale_price IS DISTINCT FROM NEW.sale_price
  OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
  OR OLD.travel_date IS DISTINCT FROM NEW.travel_date OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate
) EXECUTE FUNCTION dues_on_sale();--> statement-breakpoint
DROP TRIGGER sales_aggregates_update ON sales;--> statement-breakpoint
CREATE TRIGGER sales_aggregates_update AFTER UPDATE ON sales FOR EACH ROW WHEN (
  OLD.seller_id IS DISTINCT FROM NEW.seller_id OR OLD.status IS DISTINCT FROM NEW.status
  OR OLD.sale_type IS DISTINCT FROM NEW.sale_type OR OLD.service_type IS DISTINCT FROM NEW.service_type
  OR OLD.region IS DISTINCT FROM NEW.region OR OLD.sale_price_usd IS DISTINCT FROM NEW.sale_price_usd
  OR OLD.total_cost_usd IS DISTINCT FROM NEW.total_cost_usd OR OLD.creation_date IS DISTINCT FROM NEW.creation_date
  OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate
) EXECUTE FUNCTION sales_aggregates_on_sale();--> statement-breakpoint
DROP TRIGGER report_days_sale_update ON sales;--> statement-breakpoint
CREATE TRIGGER report_days_sale_update AFTER UPDATE ON sales FOR EACH ROW WHEN (
  OLD.seller_id IS DISTINCT FROM NEW.seller_id OR OLD.status IS DISTINCT FROM NEW.status
  OR OLD.service_type IS DISTINCT FROM NEW.service_type OR OLD.region IS DISTINCT FROM NEW.region
  OR OLD.sale_price_usd IS DISTINCT FROM NEW.sale_price_usd OR OLD.total_cost_usd IS DISTINCT FROM NEW.total_cost_usd
  OR OLD.creation_date IS DISTINCT FROM NEW.creation_date OR OLD.travel_date IS DISTINCT FROM NEW.travel_date
  OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate
) EXECUTE FUNCTION report_days_on_sale();--> statement-breakpoint
CREATE TRIGGER dues_payment_update AFTER UPDATE ON payments FOR EACH ROW WHEN (
  OLD.sale_id IS DISTINCT FROM NEW.sale_id OR OLD.sale_amount IS DISTINCT FROM NEW.sale_amount
  OR OLD.status IS DISTINCT FROM NEW.status
) EXECUTE FUNCTION dues_on_payment();--> statement-breakpoint

-- The balances' new USD columns, from the sales (every sale is USD today: the same figures).
SELECT rebuild_dues();--> statement-breakpoint
SELECT rebuild_receivable_sums();--> statement-breakpoint
ALTER TABLE "sale_balances" ALTER COLUMN "sale_price_usd" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sale_balances" ALTER COLUMN "paid_usd" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sale_balances" ALTER COLUMN "pending_usd" DROP DEFAULT;
