CREATE TABLE "sales_seller_counts" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"sales_count" integer NOT NULL
);
--> statement-breakpoint
-- Moves the seller's count by the change in a summary group's count. Every write to sales_summary
-- (the sales trigger's additions and removals, and the rebuild's delete and insert) passes through
-- here, so the counts stay the sums of the summary without any other function knowing of them.
CREATE FUNCTION sales_seller_counts_on_summary() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := coalesce(CASE WHEN TG_OP <> 'DELETE' THEN NEW.sales_count END, 0)
                 - coalesce(CASE WHEN TG_OP <> 'INSERT' THEN OLD.sales_count END, 0);
BEGIN
  IF delta <> 0 THEN
    INSERT INTO sales_seller_counts AS t (seller_id, sales_count)
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.seller_id ELSE NEW.seller_id END, delta)
    ON CONFLICT (seller_id) DO UPDATE SET sales_count = t.sales_count + excluded.sales_count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sales_seller_counts_on_summary AFTER INSERT OR UPDATE OR DELETE ON sales_summary
  FOR EACH ROW EXECUTE FUNCTION sales_seller_counts_on_summary();
--> statement-breakpoint
INSERT INTO sales_seller_counts (seller_id, sales_count)
  SELECT seller_id, sum(sales_count) FROM sales_summary GROUP BY seller_id;
