CREATE TABLE "sales_daily" (
	"seller_id" integer NOT NULL,
	"day" date NOT NULL,
	"sales_count" integer NOT NULL,
	"sale_price" numeric(16, 2) NOT NULL,
	"total_cost" numeric(16, 2) NOT NULL,
	CONSTRAINT "sales_daily_seller_id_day_pk" PRIMARY KEY("seller_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_summary" (
	"seller_id" integer NOT NULL,
	"status" text NOT NULL,
	"sale_type" text NOT NULL,
	"service_type" text NOT NULL,
	"region" text NOT NULL,
	"sales_count" integer NOT NULL,
	"sale_price" numeric(16, 2) NOT NULL,
	"total_cost" numeric(16, 2) NOT NULL,
	CONSTRAINT "sales_summary_seller_id_status_sale_type_service_type_region_pk" PRIMARY KEY("seller_id","status","sale_type","service_type","region")
);
--> statement-breakpoint
CREATE TABLE "supplier_sales" (
	"supplier_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"cost" numeric(16, 2) NOT NULL,
	"counted" boolean NOT NULL,
	"sale_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supplier_sales_supplier_id_sale_id_pk" PRIMARY KEY("supplier_id","sale_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_totals" (
	"supplier_id" integer PRIMARY KEY NOT NULL,
	"sales_count" integer NOT NULL,
	"total_cost" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_created_idx";--> statement-breakpoint
DROP INDEX "payments_date_idx";--> statement-breakpoint
DROP INDEX "supplier_payments_supplier_idx";--> statement-breakpoint
DROP INDEX "sales_creation_date_idx";--> statement-breakpoint
DROP INDEX "sales_seller_creation_idx";--> statement-breakpoint
DROP INDEX "sales_status_creation_idx";--> statement-breakpoint
CREATE INDEX "sales_daily_day_idx" ON "sales_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "supplier_sales_recent_idx" ON "supplier_sales" USING btree ("supplier_id","sale_created_at" DESC NULLS FIRST,"sale_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_sales_sale_idx" ON "supplier_sales" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "supplier_payments_supplier_idx" ON "supplier_payments" USING btree ("supplier_id","payment_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sales_creation_date_idx" ON "sales" USING btree ("creation_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sales_seller_creation_idx" ON "sales" USING btree ("seller_id","creation_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sales_status_creation_idx" ON "sales" USING btree ("status","creation_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- Aggregates maintained by triggers (src/server/db/schema/summaries.ts, docs/performance.md).
-- Every trigger first takes one transaction-scoped advisory lock: writers of sales and items then
-- update the shared aggregate rows one transaction at a time, so two of them can never wait on each
-- other's rows in opposite orders (a deadlock). Reads never wait.
CREATE FUNCTION lock_sales_aggregates() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(727275);
$$;
--> statement-breakpoint
-- Adds the sale's row (sign 1) or takes it away (sign -1) in its summary group.
CREATE FUNCTION sales_summary_add(s sales, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_summary AS t (seller_id, status, sale_type, service_type, region, sales_count, sale_price, total_cost)
  VALUES (s.seller_id, s.status, s.sale_type, s.service_type, s.region, sign, sign * s.sale_price, sign * s.total_cost)
  ON CONFLICT (seller_id, status, sale_type, service_type, region) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count,
        sale_price = t.sale_price + excluded.sale_price,
        total_cost = t.total_cost + excluded.total_cost;
$$;
--> statement-breakpoint
-- Adds the sale (sign 1) or takes it away (sign -1) on its seller's day.
CREATE FUNCTION sales_daily_add(s sales, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_daily AS t (seller_id, day, sales_count, sale_price, total_cost)
  VALUES (s.seller_id, (s.creation_date AT TIME ZONE 'UTC')::date, sign, sign * s.sale_price, sign * s.total_cost)
  ON CONFLICT (seller_id, day) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count,
        sale_price = t.sale_price + excluded.sale_price,
        total_cost = t.total_cost + excluded.total_cost;
$$;
--> statement-breakpoint
-- Recomputes one sale's shares per supplier from its items, and moves the supplier totals by the
-- difference. A sale that no longer exists (deleted) has no shares.
CREATE FUNCTION supplier_sales_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Totals first, while supplier_sales still holds the old shares; suppliers in id order.
  INSERT INTO supplier_totals AS t (supplier_id, sales_count, total_cost)
    SELECT supplier_id, sum(n), sum(c) FROM (
      SELECT supplier_id, -1 AS n, -cost AS c FROM supplier_sales WHERE sale_id = p_sale_id AND counted
      UNION ALL
      SELECT i.supplier_id, 1, sum(i.cost_price)
      FROM sale_items i JOIN sales s ON s.id = i.sale_id
      WHERE i.sale_id = p_sale_id AND s.status <> 'cancelled'
      GROUP BY i.supplier_id
    ) d GROUP BY supplier_id ORDER BY supplier_id
  ON CONFLICT (supplier_id) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count, total_cost = t.total_cost + excluded.total_cost;

  DELETE FROM supplier_sales WHERE sale_id = p_sale_id;
  INSERT INTO supplier_sales (supplier_id, sale_id, cost, counted, sale_created_at)
    SELECT i.supplier_id, p_sale_id, sum(i.cost_price), s.status <> 'cancelled', s.creation_date
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    WHERE i.sale_id = p_sale_id
    GROUP BY i.supplier_id, s.status, s.creation_date;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sales_aggregates_on_sale() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP = 'UPDATE' AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.creation_date IS DISTINCT FROM NEW.creation_date) THEN
    PERFORM supplier_sales_refresh(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM supplier_sales_refresh(OLD.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only changes that move a figure: edits of names, dates or the version leave the aggregates alone.
CREATE TRIGGER sales_aggregates_insert_delete AFTER INSERT OR DELETE ON sales
  FOR EACH ROW EXECUTE FUNCTION sales_aggregates_on_sale();
--> statement-breakpoint
CREATE TRIGGER sales_aggregates_update AFTER UPDATE ON sales
  FOR EACH ROW WHEN (
    OLD.seller_id IS DISTINCT FROM NEW.seller_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.sale_type IS DISTINCT FROM NEW.sale_type OR OLD.service_type IS DISTINCT FROM NEW.service_type
    OR OLD.region IS DISTINCT FROM NEW.region OR OLD.sale_price IS DISTINCT FROM NEW.sale_price
    OR OLD.total_cost IS DISTINCT FROM NEW.total_cost OR OLD.creation_date IS DISTINCT FROM NEW.creation_date
  ) EXECUTE FUNCTION sales_aggregates_on_sale();
--> statement-breakpoint
CREATE FUNCTION sales_aggregates_on_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM supplier_sales_refresh(OLD.sale_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.sale_id <> OLD.sale_id) THEN
    PERFORM supplier_sales_refresh(NEW.sale_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sale_items_aggregates AFTER INSERT OR UPDATE OR DELETE ON sale_items
  FOR EACH ROW EXECUTE FUNCTION sales_aggregates_on_item();
--> statement-breakpoint
-- Recomputes every aggregate from the sales and items: the backfill below, and bulk loads that
-- disable the triggers while they insert (scripts/seed-large.ts).
CREATE FUNCTION rebuild_sales_aggregates() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM sales_summary;
  DELETE FROM sales_daily;
  DELETE FROM supplier_sales;
  DELETE FROM supplier_totals;
  INSERT INTO sales_summary (seller_id, status, sale_type, service_type, region, sales_count, sale_price, total_cost)
    SELECT seller_id, status, sale_type, service_type, region, count(*), sum(sale_price), sum(total_cost)
    FROM sales GROUP BY seller_id, status, sale_type, service_type, region;
  INSERT INTO sales_daily (seller_id, day, sales_count, sale_price, total_cost)
    SELECT seller_id, (creation_date AT TIME ZONE 'UTC')::date, count(*), sum(sale_price), sum(total_cost)
    FROM sales GROUP BY 1, 2;
  INSERT INTO supplier_sales (supplier_id, sale_id, cost, counted, sale_created_at)
    SELECT i.supplier_id, i.sale_id, sum(i.cost_price), s.status <> 'cancelled', s.creation_date
    FROM sale_items i JOIN sales s ON s.id = i.sale_id
    GROUP BY i.supplier_id, i.sale_id, s.status, s.creation_date;
  INSERT INTO supplier_totals (supplier_id, sales_count, total_cost)
    SELECT supplier_id, count(*) FILTER (WHERE counted), coalesce(sum(cost) FILTER (WHERE counted), 0)
    FROM supplier_sales GROUP BY supplier_id;
END;
$$;
--> statement-breakpoint
SELECT rebuild_sales_aggregates();
