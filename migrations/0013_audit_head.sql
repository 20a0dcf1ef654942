CREATE TABLE "audit_head" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"entries" bigint NOT NULL,
	"anchor_hash" text NOT NULL,
	CONSTRAINT "audit_head_one_row" CHECK ("audit_head"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "audit_log_sale_ref_idx" ON "audit_log" USING gin ("changes" jsonb_path_ops) WHERE "audit_log"."action" = 'create' and "audit_log"."entity" in ('payment', 'invoice');