ALTER TABLE "company_settings" ADD COLUMN "demo_data" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A database of the release before that still holds the demo agency (its admin's e-mail) keeps showing
-- its accounts on /login until an admin removes it (decision 0093).
UPDATE "company_settings" SET "demo_data" = true
  WHERE EXISTS (SELECT 1 FROM "users" WHERE lower("email") = 'admin@viajes-demo.cl');
