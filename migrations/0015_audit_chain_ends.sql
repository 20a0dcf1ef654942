-- The chain's two ends (docs/decisions/0045). audit_head holds the newest entry (id, hash), how many
-- entries there are, and the anchor: the hash the oldest entry's prev_hash must be (the last purged
-- entry's, or genesis). Verify compares the trail with it, so removing entries at either end is seen.

-- Whether the statement running now was issued by the function `fn` (its name and argument types, as
-- PostgreSQL prints them) called directly by the client. The call stack, unlike a setting such as the
-- former audit.retention flag, cannot be set by the caller: the outermost frame is always the
-- client's own function or DO block (a quoted statement text always ends in a quote, never a frame).
CREATE FUNCTION audit_called_by(fn text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  stack text;
  outermost text;
BEGIN
  GET DIAGNOSTICS stack = PG_CONTEXT;
  outermost := (string_to_array(stack, E'\n'))[array_length(string_to_array(stack, E'\n'), 1)];
  RETURN starts_with(outermost, 'PL/pgSQL function ' || fn || ' line ')
    AND outermost ~ ' at SQL statement$';
END;
$$;--> statement-breakpoint

-- The head as the trail is now; the oldest entry's prev_hash is the anchor earlier purges left.
INSERT INTO audit_head (id, last_id, last_hash, entries, anchor_hash)
SELECT 1,
  coalesce((SELECT id FROM audit_log ORDER BY id DESC LIMIT 1), 0),
  coalesce((SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1), repeat('0', 64)),
  (SELECT count(*) FROM audit_log),
  coalesce((SELECT prev_hash FROM audit_log ORDER BY id LIMIT 1), repeat('0', 64));--> statement-breakpoint

-- Every entry moves the head in its own transaction, and must follow the head: an entry that does not
-- link to the newest one (a second chain, a forged prev_hash) is refused.
CREATE FUNCTION audit_log_track_head() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audit_head SET last_id = NEW.id, last_hash = NEW.hash, entries = entries + 1
  WHERE id = 1 AND last_hash = NEW.prev_hash;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_log: la entrada no sigue a la última de la cadena'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_track_head AFTER INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_track_head();--> statement-breakpoint

-- Only the two functions above and below move the head; nobody inserts a second row or removes it.
CREATE FUNCTION audit_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (audit_called_by('audit_log_track_head()')
      OR audit_called_by('audit_log_purge(timestamp with time zone)')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_head solo lo mueve la cadena de auditoría: % no permitido', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_head_guard BEFORE INSERT OR UPDATE OR DELETE ON audit_head
  FOR EACH ROW EXECUTE FUNCTION audit_head_guard();--> statement-breakpoint
CREATE TRIGGER audit_head_no_truncate BEFORE TRUNCATE ON audit_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_head_guard();--> statement-breakpoint

-- Deletes are let through only when audit_log_purge issues them; setting audit.retention no longer
-- opens anything.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND audit_called_by('audit_log_purge(timestamp with time zone)') THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log es de solo anexado: % no permitido', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint

-- The retention job: removes the oldest entries, those before the first written at or after `before`
-- (ids, not times, give the chain's order: an entry's time is taken before its writer waits for the
-- chain's lock), and records the last removed hash as the anchor. Returns how many it removed.
CREATE OR REPLACE FUNCTION audit_log_purge(before timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  keep_from bigint;
  anchor text;
  removed bigint;
BEGIN
  -- The writers' lock (ADVISORY_LOCKS.auditChain): no entry is appended while the tail moves.
  PERFORM pg_advisory_xact_lock(727277);
  SELECT min(id) INTO keep_from FROM audit_log WHERE at >= before;
  SELECT hash INTO anchor FROM audit_log
  WHERE keep_from IS NULL OR id < keep_from ORDER BY id DESC LIMIT 1;
  IF anchor IS NULL THEN
    RETURN 0;
  END IF;
  DELETE FROM audit_log WHERE keep_from IS NULL OR id < keep_from;
  GET DIAGNOSTICS removed = ROW_COUNT;
  -- Recounted, not decremented: what remains is accounted for by the links from the anchor on.
  UPDATE audit_head SET anchor_hash = anchor, entries = (SELECT count(*) FROM audit_log) WHERE id = 1;
  RETURN removed;
END;
$$;
--> statement-breakpoint

-- The sale a payment's or an invoice's creation recorded ({ field: "saleId", to: "42" }): a sale's
-- history finds its payments and invoice by it, deleted ones too, through the index below.
CREATE FUNCTION audit_sale_ref(changes jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT c->>'to' FROM jsonb_array_elements(changes) c WHERE c->>'field' = 'saleId' LIMIT 1
$$;--> statement-breakpoint
CREATE INDEX audit_log_sale_ref_idx ON audit_log (audit_sale_ref(changes))
  WHERE action = 'create' AND entity IN ('payment', 'invoice');
