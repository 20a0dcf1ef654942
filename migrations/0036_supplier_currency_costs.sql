CREATE TABLE "supplier_currency_totals" (
	"supplier_id" integer NOT NULL,
	"currency" text NOT NULL,
	"total_cost" numeric(16, 2) NOT NULL,
	CONSTRAINT "supplier_currency_totals_supplier_id_currency_pk" PRIMARY KEY("supplier_id","currency")
);
--> statement-breakpoint
ALTER TABLE "supplier_sales" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_sales" ADD COLUMN "own_cost" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint

-- Each supplier's costs in each sale currency beside the USD ones, so a supplier's balance names what is
-- owed in CLP and in USD (docs/decisions/0090-supplier-costs-per-currency.md). supplier_sales keeps each
-- share's currency and its cost in it; supplier_currency_totals their counted sums, moved by the same
-- function that moves supplier_totals.
UPDATE supplier_sales ss SET currency = s.currency, own_cost = c.own_cost
  FROM (SELECT sale_id, supplier_id, sum(cost_price) AS own_cost FROM sale_items GROUP BY sale_id, supplier_id) c,
    sales s
  WHERE c.sale_id = ss.sale_id AND c.supplier_id = ss.supplier_id AND s.id = ss.sale_id;--> statement-breakpoint
INSERT INTO supplier_currency_totals (supplier_id, currency, total_cost)
  SELECT supplier_id, currency, sum(own_cost) FROM supplier_sales WHERE counted GROUP BY supplier_id, currency;--> statement-breakpoint

-- One sale's shares per supplier from its items; the supplier totals, USD and per currency, move by the
-- difference. Totals first, while supplier_sales still holds the old shares, each in key order (supplier,
-- then currency) so two writers lock them in the same order. A draft or cancelled sale owes nothing.
CREATE OR REPLACE FUNCTION supplier_sales_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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

  INSERT INTO supplier_currency_totals AS t (supplier_id, currency, total_cost)
    SELECT supplier_id, currency, sum(c) FROM (
      SELECT supplier_id, currency, -own_cost AS c FROM supplier_sales WHERE sale_id = p_sale_id AND counted
      UNION ALL
      SELECT i.supplier_id, s.currency, sum(i.cost_price)
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE i.sale_id = p_sale_id AND s.status NOT IN ('cancelled', 'draft')
      GROUP BY i.supplier_id, s.currency
    ) d GROUP BY supplier_id, currency ORDER BY supplier_id, currency
  ON CONFLICT (supplier_id, currency) DO UPDATE SET total_cost = t.total_cost + excluded.total_cost;

  DELETE FROM supplier_sales WHERE sale_id = p_sale_id;
  INSERT INTO supplier_sales (supplier_id, sale_id, cost, currency, own_cost, counted, sale_created_at)
    SELECT i.supplier_id, p_sale_id, sum(round(i.cost_price * s.exchange_rate, 2)), s.currency,
      sum(i.cost_price), s.status NOT IN ('cancelled', 'draft'), s.creation_date
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE i.sale_id = p_sale_id
    GROUP BY i.supplier_id, s.status, s.creation_date, s.currency;
END;
$$;--> statement-breakpoint

-- A sale moved to another currency refreshes its shares even when both currencies have the same rate.
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
      OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate OR OLD.currency IS DISTINCT FROM NEW.currency) THEN
    PERFORM supplier_sales_refresh(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM supplier_sales_refresh(OLD.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER sales_aggregates_update ON sales;--> statement-breakpoint
CREATE TRIGGER sales_aggregates_update AFTER UPDATE ON sales
  FOR EACH ROW WHEN (
    OLD.seller_id IS DISTINCT FROM NEW.seller_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.sale_type IS DISTINCT FROM NEW.sale_type OR OLD.service_type IS DISTINCT FROM NEW.service_type
    OR OLD.region IS DISTINCT FROM NEW.region OR OLD.sale_price_usd IS DISTINCT FROM NEW.sale_price_usd
    OR OLD.total_cost_usd IS DISTINCT FROM NEW.total_cost_usd OR OLD.creation_date IS DISTINCT FROM NEW.creation_date
    OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate OR OLD.currency IS DISTINCT FROM NEW.currency
  ) EXECUTE FUNCTION sales_aggregates_on_sale();--> statement-breakpoint

-- Every aggregate recomputed from the sales and items, the per-currency costs too.
CREATE OR REPLACE FUNCTION rebuild_sales_aggregates() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM sales_summary;
  DELETE FROM sales_daily;
  DELETE FROM supplier_sales;
  DELETE FROM supplier_totals;
  DELETE FROM supplier_currency_totals;
  INSERT INTO sales_summary (seller_id, status, sale_type, service_type, region, sales_count, sale_price, total_cost)
    SELECT seller_id, status, sale_type, service_type, region, count(*), sum(sale_price_usd), sum(total_cost_usd)
    FROM sales GROUP BY seller_id, status, sale_type, service_type, region;
  INSERT INTO sales_daily (seller_id, day, sales_count, sale_price, total_cost)
    SELECT seller_id, f_agency_day(creation_date), count(*), sum(sale_price_usd), sum(total_cost_usd)
    FROM sales WHERE status <> 'cancelled' GROUP BY 1, 2;
  INSERT INTO supplier_sales (supplier_id, sale_id, cost, currency, own_cost, counted, sale_created_at)
    SELECT i.supplier_id, i.sale_id, sum(round(i.cost_price * s.exchange_rate, 2)), s.currency,
      sum(i.cost_price), s.status NOT IN ('cancelled', 'draft'), s.creation_date
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    GROUP BY i.supplier_id, i.sale_id, s.status, s.creation_date, s.currency;
  INSERT INTO supplier_totals (supplier_id, sales_count, total_cost)
    SELECT supplier_id, count(*) FILTER (WHERE counted), coalesce(sum(cost) FILTER (WHERE counted), 0)
    FROM supplier_sales GROUP BY supplier_id;
  INSERT INTO supplier_currency_totals (supplier_id, currency, total_cost)
    SELECT supplier_id, currency, sum(own_cost) FROM supplier_sales WHERE counted GROUP BY supplier_id, currency;
END;
$$;
