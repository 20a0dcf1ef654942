ALTER TABLE "sales" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_sale_price_idx" ON "sales" USING btree ("sale_price","id");--> statement-breakpoint
CREATE INDEX "sales_search_text_idx" ON "sales" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Written by hand below the generated part (docs/decisions/0021-sales-list-search-and-filters.md). The list's search
-- looks in sales.search_text: the sale's passenger name, its client's name and ID/RUT key, its items'
-- reservation codes and its item passengers' names and ID keys, each normalised once here, so a search
-- compares one indexed column instead of running unaccent() over every candidate row.
-- Parts are joined by the unit separator (U+001F): the API refuses control characters, so no search
-- can match across two parts.
CREATE FUNCTION f_search_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(f_unaccent(lower($1)), '\s+', ' ', 'g') $$;--> statement-breakpoint
-- An ID/RUT as the search stores it: digits and letters only, lower case ("12.345.678-K" -> "12345678k").
CREATE FUNCTION f_search_id(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(f_id_key($1)) $$;--> statement-breakpoint
CREATE FUNCTION sales_search_text(p_id integer, p_passenger_name text, p_client_id integer) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\x1f',
    f_search_norm(p_passenger_name),
    (SELECT concat_ws(E'\x1f', f_search_norm(c.name), f_search_id(c.client_id)) FROM clients c WHERE c.id = p_client_id),
    (SELECT string_agg(DISTINCT f_search_norm(i.reservation_code), E'\x1f' ORDER BY f_search_norm(i.reservation_code))
       FROM sale_items i WHERE i.sale_id = p_id AND i.reservation_code <> ''),
    (SELECT string_agg(DISTINCT concat_ws(E'\x1f', f_search_norm(p.name), f_search_id(p.passenger_id)), E'\x1f'
       ORDER BY concat_ws(E'\x1f', f_search_norm(p.name), f_search_id(p.passenger_id)))
       FROM sale_items i JOIN sale_item_passengers sip ON sip.sale_item_id = i.id
       JOIN passengers p ON p.id = sip.passenger_id WHERE i.sale_id = p_id));
$$;--> statement-breakpoint
-- Recomputes the search text of some sales. Rows are locked in id order, so two refreshes that touch
-- the same sales (two passengers renamed at once) queue instead of deadlocking; unchanged rows are
-- not rewritten. Only search_text changes: no other trigger on sales fires for it.
CREATE FUNCTION sales_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE sales s SET search_text = n.text
  FROM (SELECT id, sales_search_text(id, passenger_name, client_id) AS text FROM sales
        WHERE id = ANY(ids) ORDER BY id FOR UPDATE) n
  WHERE s.id = n.id AND s.search_text IS DISTINCT FROM n.text;
$$;--> statement-breakpoint
-- The sale's own fields: computed before the row is written (a new sale has no items yet).
CREATE FUNCTION sales_search_on_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := sales_search_text(NEW.id, NEW.passenger_name, NEW.client_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sales_search_text BEFORE INSERT OR UPDATE OF passenger_name, client_id ON sales
  FOR EACH ROW EXECUTE FUNCTION sales_search_on_sale();--> statement-breakpoint
-- Items and their passengers: once per statement (a sale's items are written in one statement), from
-- the transition tables, instead of once per row.
-- Each trigger reads only the transition tables it declares: plpgsql plans a statement when it first runs.
CREATE FUNCTION sales_search_on_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_search_refresh(ARRAY(SELECT DISTINCT sale_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sales_search_refresh(ARRAY(SELECT DISTINCT sale_id FROM old_rows));
  ELSE
    PERFORM sales_search_refresh(ARRAY(SELECT sale_id FROM new_rows UNION SELECT sale_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sale_items_search_insert AFTER INSERT ON sale_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_search_on_item();--> statement-breakpoint
CREATE TRIGGER sale_items_search_delete AFTER DELETE ON sale_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_search_on_item();--> statement-breakpoint
CREATE TRIGGER sale_items_search_update AFTER UPDATE ON sale_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sales_search_on_item();--> statement-breakpoint
CREATE FUNCTION sales_search_on_item_passenger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- After a cascade from a deleted item the item is gone: its own trigger refreshes the sale.
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_search_refresh(ARRAY(SELECT DISTINCT i.sale_id FROM new_rows r JOIN sale_items i ON i.id = r.sale_item_id));
  ELSE
    PERFORM sales_search_refresh(ARRAY(SELECT DISTINCT i.sale_id FROM old_rows r JOIN sale_items i ON i.id = r.sale_item_id));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sale_item_passengers_search_insert AFTER INSERT ON sale_item_passengers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_search_on_item_passenger();--> statement-breakpoint
CREATE TRIGGER sale_item_passengers_search_delete AFTER DELETE ON sale_item_passengers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_search_on_item_passenger();--> statement-breakpoint
-- Renaming a client or a passenger (or correcting an ID) changes what finds their sales.
CREATE FUNCTION sales_search_on_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_search_refresh(ARRAY(SELECT id FROM sales WHERE client_id = NEW.id));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER clients_search AFTER UPDATE ON clients FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION sales_search_on_client();--> statement-breakpoint
CREATE FUNCTION sales_search_on_passenger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_search_refresh(ARRAY(
    SELECT DISTINCT i.sale_id FROM sale_item_passengers sip JOIN sale_items i ON i.id = sip.sale_item_id
    WHERE sip.passenger_id = NEW.id));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER passengers_search AFTER UPDATE ON passengers FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.passenger_id IS DISTINCT FROM NEW.passenger_id)
  EXECUTE FUNCTION sales_search_on_passenger();--> statement-breakpoint
-- Every sale at once: the backfill below, and bulk loads that disable the triggers (scripts/seed-large.ts).
-- The same parts as sales_search_text (tests/api/sales-filters.test.ts checks that both agree), but
-- in one pass with grouped joins: calling the function per sale took about 1 ms each (200 s for 200,000
-- sales). The trigram index is built afterwards instead of being updated row by row.
CREATE FUNCTION rebuild_sales_search_text() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP INDEX IF EXISTS sales_search_text_idx;
  UPDATE sales s SET search_text = n.text FROM (
    SELECT x.id, concat_ws(E'\x1f', f_search_norm(x.passenger_name), f_search_norm(c.name), f_search_id(c.client_id),
                           codes.text, pax.text) AS text
    FROM sales x JOIN clients c ON c.id = x.client_id
    LEFT JOIN (SELECT sale_id, string_agg(DISTINCT f_search_norm(reservation_code), E'\x1f'
                                          ORDER BY f_search_norm(reservation_code)) AS text
               FROM sale_items WHERE reservation_code <> '' GROUP BY sale_id) codes ON codes.sale_id = x.id
    LEFT JOIN (SELECT i.sale_id, string_agg(DISTINCT concat_ws(E'\x1f', f_search_norm(p.name), f_search_id(p.passenger_id)),
                                            E'\x1f' ORDER BY concat_ws(E'\x1f', f_search_norm(p.name), f_search_id(p.passenger_id))) AS text
               FROM sale_items i JOIN sale_item_passengers sip ON sip.sale_item_id = i.id
               JOIN passengers p ON p.id = sip.passenger_id GROUP BY i.sale_id) pax ON pax.sale_id = x.id
  ) n WHERE n.id = s.id AND s.search_text IS DISTINCT FROM n.text;
  CREATE INDEX sales_search_text_idx ON sales USING gin (search_text gin_trgm_ops);
END;
$$;--> statement-breakpoint
SELECT rebuild_sales_search_text();
