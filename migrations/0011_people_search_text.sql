-- People's search text as a stored column, so person searches stay fast at 1,000,000 sales (see
-- src/server/db/schema/master-data.ts and docs/decisions/0033); it replaces the ID and name expression
-- indexes the person searches used.
DROP INDEX "clients_client_id_search_idx";--> statement-breakpoint
DROP INDEX "passengers_name_search_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_search_norm("name") || E'\x1f' || coalesce(f_search_id("client_id"), '') || E'\x1f' || coalesce(f_search_norm("email"), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "passengers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_search_norm("name") || E'\x1f' || coalesce(f_search_id("passenger_id"), '') || E'\x1f' || coalesce(f_search_norm("email"), '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_search_text_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "passengers_search_text_idx" ON "passengers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The new columns have no statistics until autovacuum analyzes: without them every search looks rare.
ANALYZE "clients";--> statement-breakpoint
ANALYZE "passengers";
