ALTER TABLE "clients" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "commune" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "business_activity" text;