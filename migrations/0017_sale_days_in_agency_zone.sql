-- A sale's creation day is the agency's day (decision 0046): the 30-day chart (sales_daily) and the
-- sales report's day rows (report_days) counted it on its UTC day, so a sale made after about 21:00
-- in Santiago showed on the next day's bar. The zone is the company setting (migration 0016); when an
-- admin changes it, saveCompanySettings rebuilds both tables in the same transaction.
CREATE FUNCTION f_agency_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM company_settings WHERE id = 1), 'America/Santiago')
$$;
--> statement-breakpoint
CREATE FUNCTION f_agency_day(ts timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (ts AT TIME ZONE f_agency_zone())::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_daily_add(s sales, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_daily AS t (seller_id, day, sales_count, sale_price, total_cost)
  SELECT s.seller_id, f_agency_day(s.creation_date), sign, sign * s.sale_price, sign * s.total_cost
  WHERE s.status <> 'cancelled'
  ON CONFLICT (seller_id, day) DO UPDATE
    SET sales_count = t.sales_count + excluded.sales_count,
        sale_price = t.sale_price + excluded.sale_price,
        total_cost = t.total_cost + excluded.total_cost;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_sales_aggregates() RETURNS void LANGUAGE plpgsql AS $$
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
    SELECT seller_id, f_agency_day(creation_date), count(*), sum(sale_price), sum(total_cost)
    FROM sales WHERE status <> 'cancelled' GROUP BY 1, 2;
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
CREATE OR REPLACE FUNCTION report_days_move_sale(o sales, n sales) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_days AS t (dimension, date_field, day, key, sales_count, sale_price, total_cost)
  SELECT g.dimension, d.date_field, d.day, g.key, sum(s.sign), sum(s.sign * s.sale_price), sum(s.sign * s.total_cost)
  FROM (SELECT -1 AS sign, o.* UNION ALL SELECT 1, n.*) s
  CROSS JOIN LATERAL (VALUES ('seller', s.seller_id::text), ('region', s.region), ('serviceType', s.service_type)) g(dimension, key)
  CROSS JOIN LATERAL (VALUES ('creation', f_agency_day(s.creation_date)), ('travel', s.travel_date)) d(date_field, day)
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
CREATE OR REPLACE FUNCTION report_item_groups(p_sales sales[], p_items sale_items[])
RETURNS TABLE (dimension text, date_field text, day date, key text, sale_price numeric, total_cost numeric)
LANGUAGE sql AS $$
  SELECT per_sale.dimension, d.date_field, d.day, per_sale.key, per_sale.sale_price, per_sale.cost
  FROM (
    SELECT g.dimension, g.key, s.id, f_agency_day(s.creation_date) AS created, s.travel_date,
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
CREATE OR REPLACE FUNCTION rebuild_report_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  DELETE FROM report_days;
  INSERT INTO report_days (dimension, date_field, day, key, sales_count, sale_price, total_cost)
    SELECT g.dimension, d.date_field, d.day, g.key, count(*), sum(g.sale_price), sum(g.cost)
    FROM (
      SELECT v.dimension, v.key, s.id, s.sale_price, s.total_cost AS cost,
        f_agency_day(s.creation_date) AS created, s.travel_date
      FROM sales s
      CROSS JOIN LATERAL (VALUES ('seller', s.seller_id::text), ('region', s.region), ('serviceType', s.service_type)) v(dimension, key)
      WHERE s.status <> 'cancelled'
      UNION ALL
      SELECT v.dimension, v.key, s.id, sum(i.sale_price), sum(i.cost_price),
        f_agency_day(s.creation_date), s.travel_date
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
SELECT rebuild_sales_aggregates();
--> statement-breakpoint
SELECT rebuild_report_days();
