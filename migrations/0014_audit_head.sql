CREATE TABLE "audit_head" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"entries" bigint NOT NULL,
	"anchor_hash" text NOT NULL,
	CONSTRAINT "audit_head_one_row" CHECK ("audit_head"."id" = 1)
);
