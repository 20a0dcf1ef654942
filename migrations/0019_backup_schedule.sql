CREATE TABLE "backup_slots" (
	"agency_day" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "backup_hour" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "backup_keep_daily" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "backup_keep_weekly" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "backup_keep_monthly" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_backup_hour_check" CHECK ("company_settings"."backup_hour" between 0 and 23);--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_backup_keep_check" CHECK ("company_settings"."backup_keep_daily" >= 1 and "company_settings"."backup_keep_weekly" >= 0 and "company_settings"."backup_keep_monthly" >= 0);