-- The dashboard's 30-day chart follows the revenue rule (docs/product.md#totals): cancelled sales are
-- not counted. sales_daily keeps only sales that are not cancelled; the update trigger already
-- fires on a status change, taking the old row away and adding the new one, which now adds nothing.
CREATE OR REPLACE FUNCTION sales_daily_add(s sales, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_daily AS t (seller_id, day, sales_count, sale_price, total_cost)
  SELECT s.seller_id, (s.creation_date AT TIME ZONE 'UTC')::date, sign, sign * s.sale_price, sign * s.total_cost
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
    SELECT seller_id, (creation_date AT TIME ZONE 'UTC')::date, count(*), sum(sale_price), sum(total_cost)
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
SELECT rebuild_sales_aggregates();
