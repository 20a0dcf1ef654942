-- One refresh per sale (docs/decisions/0069-one-refresh-per-sale.md): the derived rows of a sale were
-- recomputed once per row or statement that touched it, so creating a sale with two items rewrote its search
-- text four times, its dues and supplier shares twice, and its balance three times.

-- Search text: recomputed once per sale per transaction, at commit. Deferred row triggers queue the
-- sale; the first one to run for a sale refreshes it and notes it in a transaction-local setting, so
-- the others for the same sale return at once. At commit every statement has run, so the one refresh
-- sees the sale's final items and passengers. (Renaming a client or passenger keeps its immediate
-- statement trigger: it touches many sales in one statement.)
CREATE FUNCTION sales_search_refresh_once(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  done text := coalesce(current_setting('travel.search_refreshed', true), '');
BEGIN
  IF p_sale_id IS NULL OR strpos(done, ',' || p_sale_id || ',') > 0 THEN RETURN; END IF;
  PERFORM set_config('travel.search_refreshed', CASE WHEN done = '' THEN ',' ELSE done END || p_sale_id || ',', true);
  PERFORM sales_search_refresh(ARRAY[p_sale_id]);
END;
$$;--> statement-breakpoint
CREATE FUNCTION sales_search_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sales' THEN
    PERFORM sales_search_refresh_once(NEW.id);
  ELSIF TG_TABLE_NAME = 'sale_items' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM sales_search_refresh_once(NEW.sale_id); END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM sales_search_refresh_once(OLD.sale_id); END IF;
  ELSE
    -- An item passenger: its item may be gone by commit (a cascade), and then the item's own event
    -- refreshes the sale.
    IF TG_OP = 'DELETE' THEN
      PERFORM sales_search_refresh_once((SELECT i.sale_id FROM sale_items i WHERE i.id = OLD.sale_item_id));
    ELSE
      PERFORM sales_search_refresh_once((SELECT i.sale_id FROM sale_items i WHERE i.id = NEW.sale_item_id));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER sales_search_text ON sales;--> statement-breakpoint
DROP TRIGGER sale_items_search_insert ON sale_items;--> statement-breakpoint
DROP TRIGGER sale_items_search_delete ON sale_items;--> statement-breakpoint
DROP TRIGGER sale_items_search_update ON sale_items;--> statement-breakpoint
DROP TRIGGER sale_item_passengers_search_insert ON sale_item_passengers;--> statement-breakpoint
DROP TRIGGER sale_item_passengers_search_delete ON sale_item_passengers;--> statement-breakpoint
DROP FUNCTION sales_search_on_sale();--> statement-breakpoint
DROP FUNCTION sales_search_on_item();--> statement-breakpoint
DROP FUNCTION sales_search_on_item_passenger();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sales_search_text AFTER INSERT OR UPDATE OF passenger_name, client_id ON sales
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sales_search_queue();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sale_items_search AFTER INSERT OR DELETE OR UPDATE OF sale_id, reservation_code ON sale_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sales_search_queue();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sale_item_passengers_search AFTER INSERT OR DELETE ON sale_item_passengers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sales_search_queue();--> statement-breakpoint

-- A balance row is written only when it changes, in one statement. A new or settled balance is an
-- INSERT or DELETE, whose statement triggers (0010) move the receivable sums; a changed one (a payment,
-- a new total) is now an UPDATE that moves them itself: it knows both rows, and the triggers' hand-over
-- of transition tables through dynamic SQL cost more than the move. Nothing else updates these rows.
CREATE OR REPLACE FUNCTION sale_balance_refresh(p_sale_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was sale_balances;
  now sale_balances;
BEGIN
  SELECT * INTO was FROM sale_balances WHERE sale_id = p_sale_id;
  SELECT s.id, s.client_id, s.seller_id, s.travel_date, s.sale_price, p.paid, s.sale_price - p.paid INTO now
    FROM sales s,
      LATERAL (SELECT coalesce(sum(usd_amount), 0) AS paid FROM payments
               WHERE sale_id = s.id AND status = 'confirmed') p
    WHERE s.id = p_sale_id AND s.status <> 'cancelled' AND s.sale_price > p.paid;
  IF was.sale_id IS NULL AND now.sale_id IS NULL THEN RETURN; END IF;
  IF was.sale_id IS NULL THEN
    INSERT INTO sale_balances SELECT now.*;
  ELSIF now.sale_id IS NULL THEN
    DELETE FROM sale_balances WHERE sale_id = p_sale_id;
  ELSIF was IS DISTINCT FROM now THEN
    UPDATE sale_balances SET client_id = now.client_id, seller_id = now.seller_id, travel_date = now.travel_date,
      sale_price = now.sale_price, paid = now.paid, pending = now.pending
    WHERE sale_id = p_sale_id;
    IF was.client_id = now.client_id AND was.travel_date = now.travel_date THEN
      -- A payment or a new total: the same two sum rows, moved by the difference.
      UPDATE client_balances SET total_sale = total_sale + (now.sale_price - was.sale_price),
        paid = paid + (now.paid - was.paid), pending = pending + (now.pending - was.pending)
      WHERE client_id = now.client_id;
      UPDATE balance_days SET pending = pending + (now.pending - was.pending) WHERE travel_date = now.travel_date;
    ELSE
      PERFORM receivable_sums_move(ARRAY[was], ARRAY[now]);
    END IF;
  END IF;
END;
$$;--> statement-breakpoint

-- Items: the supplier shares (0003) and dues (0007) of each sale the statement touched, once per
-- statement instead of once per item. Item changes never move the balance (the sale's total does, on
-- the sale's own trigger).
CREATE FUNCTION sale_items_refresh_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sale_id integer;
BEGIN
  PERFORM lock_sales_aggregates();
  FOR sale_id IN EXECUTE CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT DISTINCT sale_id FROM new_rows ORDER BY 1'
      WHEN 'DELETE' THEN 'SELECT DISTINCT sale_id FROM old_rows ORDER BY 1'
      ELSE 'SELECT sale_id FROM new_rows UNION SELECT sale_id FROM old_rows ORDER BY 1' END
  LOOP
    PERFORM supplier_sales_refresh(sale_id);
    PERFORM supplier_dues_refresh(sale_id);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER sale_items_aggregates ON sale_items;--> statement-breakpoint
DROP TRIGGER dues_item_insert_delete ON sale_items;--> statement-breakpoint
DROP TRIGGER dues_item_update ON sale_items;--> statement-breakpoint
DROP FUNCTION sales_aggregates_on_item();--> statement-breakpoint
CREATE TRIGGER sale_items_refresh_insert AFTER INSERT ON sale_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sale_items_refresh_sales();--> statement-breakpoint
CREATE TRIGGER sale_items_refresh_delete AFTER DELETE ON sale_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sale_items_refresh_sales();--> statement-breakpoint
CREATE TRIGGER sale_items_refresh_update AFTER UPDATE ON sale_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sale_items_refresh_sales();--> statement-breakpoint

-- Payments move only the sale's balance, never its supplier dues.
CREATE FUNCTION dues_on_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_sales_aggregates();
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM sale_balance_refresh(OLD.sale_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.sale_id <> OLD.sale_id) THEN
    PERFORM sale_balance_refresh(NEW.sale_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER dues_payment_insert_delete ON payments;--> statement-breakpoint
DROP TRIGGER dues_payment_update ON payments;--> statement-breakpoint
DROP FUNCTION dues_on_sale_row();--> statement-breakpoint
CREATE TRIGGER dues_payment_insert_delete AFTER INSERT OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION dues_on_payment();--> statement-breakpoint
CREATE TRIGGER dues_payment_update AFTER UPDATE ON payments
  FOR EACH ROW WHEN (
    OLD.sale_id IS DISTINCT FROM NEW.sale_id OR OLD.usd_amount IS DISTINCT FROM NEW.usd_amount
    OR OLD.status IS DISTINCT FROM NEW.status
  ) EXECUTE FUNCTION dues_on_payment();
