CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"username" text,
	"ip" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS FIRST);--> statement-breakpoint
-- Append-only (docs/decisions/0020-audit-trail.md): no UPDATE, DELETE or TRUNCATE, except the DELETEs of
-- audit_log_purge(), which sets the transaction-local flag audit.retention for its own statement.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log es de solo anexado: % no permitido', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
-- The retention job: removes entries older than `before` and returns how many. The oldest entry left
-- keeps its prev_hash, which verification takes as the chain's starting point.
CREATE FUNCTION audit_log_purge(before timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE removed bigint;
BEGIN
  PERFORM set_config('audit.retention', 'on', true);
  DELETE FROM audit_log WHERE at < before;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('audit.retention', 'off', true);
  RETURN removed;
END;
$$;
