CREATE TABLE "currency_rate_days" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"rate" numeric(28, 16) NOT NULL,
	CONSTRAINT "currency_rate_days_currency_day_pk" PRIMARY KEY("currency","day"),
	CONSTRAINT "currency_rate_days_rate_check" CHECK ("currency_rate_days"."rate" > 0)
);
--> statement-breakpoint
-- Each rate known so far counts from the agency day it was last saved (docs/decisions/0099-rates-by-day.md).
INSERT INTO "currency_rate_days" ("currency", "day", "rate")
SELECT r."currency",
  (coalesce(r."last_updated", r."created_at") AT TIME ZONE coalesce(
    (SELECT s."time_zone" FROM "company_settings" s WHERE s."id" = 1), 'America/Santiago'))::date,
  r."rate"
FROM "currency_rates" r
WHERE r."currency" <> 'USD';
