DROP INDEX "sales_travel_date_idx";--> statement-breakpoint
-- Written by hand from here on (docs/decisions/0029-search-word-pairs-and-range-reads.md).
-- The pairs of adjacent words of each part of sales.search_text ("camila soto", "soto perez"), as the
-- lexemes of a tsvector. A search of several words looks its pairs up here: the pair is rare even when
-- both words are common, which their trigrams are not. Parts (joined by U+001F) never form a pair.
-- A loop rather than one SQL statement: twice as fast, and every sale's text goes through it when the
-- index is built.
CREATE FUNCTION f_search_pairs(text) RETURNS tsvector
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
DECLARE
  w text[] := string_to_array(replace($1, E'\x1f', E' \x1f '), ' ');
  pairs text[] := '{}';
BEGIN
  FOR i IN 1 .. cardinality(w) - 1 LOOP
    IF w[i] NOT IN ('', E'\x1f') AND w[i + 1] NOT IN ('', E'\x1f') THEN
      pairs := pairs || (w[i] || ' ' || w[i + 1]);
    END IF;
  END LOOP;
  RETURN array_to_tsvector(pairs);
END;
$$;--> statement-breakpoint
-- What a search of several words asks of those pairs: every pair of its words, normalised as the text
-- is, the last one as a prefix (the user may still be typing it). NULL for a single word.
CREATE FUNCTION f_search_pairs_query(text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT string_agg('''' || replace(replace(w[i] || ' ' || w[i + 1], '\', '\\'), '''', '''''') || ''''
                          || CASE WHEN i = cardinality(w) - 1 THEN ':*' ELSE '' END, ' & ')::tsquery
        FROM string_to_array(btrim(f_search_norm($1)), ' ') w, generate_series(1, cardinality(w) - 1) i $$;--> statement-breakpoint
CREATE INDEX "sales_search_pairs_idx" ON "sales" USING gin (f_search_pairs("search_text"));--> statement-breakpoint
-- A travel-date range is read from this index alone, sort keys and the usual filters included, and
-- sorted: walking another sort's index for it skipped hundreds of thousands of old trips.
CREATE INDEX "sales_travel_date_idx" ON "sales" USING btree ("travel_date","id")
  INCLUDE ("creation_date", "sale_price", "client_id", "seller_id", "status");--> statement-breakpoint
-- The bulk rebuild of the search text (backfills, large seeds) with the pairs index set aside too:
-- built once afterwards instead of updated sale by sale.
CREATE FUNCTION rebuild_sales_search() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP INDEX IF EXISTS sales_search_pairs_idx;
  PERFORM rebuild_sales_search_text();
  CREATE INDEX sales_search_pairs_idx ON sales USING gin (f_search_pairs(search_text));
END;
$$;
