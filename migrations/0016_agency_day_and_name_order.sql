DROP INDEX "clients_name_idx";--> statement-breakpoint
DROP INDEX "passengers_name_idx";--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "time_zone" text DEFAULT 'America/Santiago' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "large_amount_threshold" numeric(14, 2) DEFAULT '100000' NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_name_sort_idx" ON "clients" USING btree (f_unaccent(lower("name")),"id");--> statement-breakpoint
CREATE INDEX "passengers_name_sort_idx" ON "passengers" USING btree (f_unaccent(lower("name")),"id");--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_large_amount_threshold_check" CHECK ("company_settings"."large_amount_threshold" > 0);