DROP INDEX "clients_name_idx";--> statement-breakpoint
DROP INDEX "passengers_name_idx";--> statement-breakpoint
CREATE INDEX "clients_name_sort_idx" ON "clients" USING btree (f_unaccent(lower("name")),"id");--> statement-breakpoint
CREATE INDEX "passengers_name_sort_idx" ON "passengers" USING btree (f_unaccent(lower("name")),"id");