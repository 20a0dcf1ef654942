-- Payments in the currency the client pays (docs/decisions/0055-payments-in-any-currency.md): each payment
-- keeps the rate it was recorded with and its USD value, PostgreSQL's product rounded once to the cent.
-- Every payment so far was in its sale's currency, and every sale is in USD: those get rate 1. A row
-- in another currency (only a hand-made one could be) takes that currency's rate today, else 1.
ALTER TABLE "payments" ADD COLUMN "exchange_rate" numeric(18, 8);--> statement-breakpoint
UPDATE "payments" p SET "exchange_rate" = CASE WHEN p."currency" = 'USD' THEN 1
  ELSE coalesce((SELECT r."rate" FROM "currency_rates" r WHERE r."currency" = p."currency"), 1) END;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "exchange_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rate_edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "usd_amount" numeric(14, 2) GENERATED ALWAYS AS (round("amount" * "exchange_rate", 2)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_exchange_rate_check" CHECK ("payments"."exchange_rate" > 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_usd_amount_check" CHECK ("payments"."usd_amount" > 0);--> statement-breakpoint
-- What the client has paid is the USD value of its confirmed payments (was their amount, 0007).
CREATE OR REPLACE FUNCTION sale_balance_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sale_balances WHERE sale_id = p_sale_id;
  INSERT INTO sale_balances (sale_id, client_id, seller_id, travel_date, sale_price, paid, pending)
    SELECT s.id, s.client_id, s.seller_id, s.travel_date, s.sale_price, p.paid, s.sale_price - p.paid
    FROM sales s,
      LATERAL (SELECT coalesce(sum(usd_amount), 0) AS paid FROM payments
               WHERE sale_id = s.id AND status = 'confirmed') p
    WHERE s.id = p_sale_id AND s.status <> 'cancelled' AND s.sale_price > p.paid;
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
    LEFT JOIN (SELECT sale_id, sum(usd_amount) AS paid FROM payments WHERE status = 'confirmed' GROUP BY sale_id) p
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
-- A payment moves the balance when its USD value does (a new amount or rate), not only its amount.
DROP TRIGGER dues_payment_update ON payments;--> statement-breakpoint
CREATE TRIGGER dues_payment_update AFTER UPDATE ON payments
  FOR EACH ROW WHEN (
    OLD.sale_id IS DISTINCT FROM NEW.sale_id OR OLD.usd_amount IS DISTINCT FROM NEW.usd_amount
    OR OLD.status IS DISTINCT FROM NEW.status
  ) EXECUTE FUNCTION dues_on_sale_row();
--> statement-breakpoint
SELECT rebuild_dues();
