CREATE TABLE "reminder_slots" (
	"agency_day" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "reminder_hour" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "client_payment_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "client_reminder_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_reminder_hour_check" CHECK ("company_settings"."reminder_hour" between 0 and 23);--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_client_reminder_days_check" CHECK ("company_settings"."client_reminder_days" between 1 and 60);