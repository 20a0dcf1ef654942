ALTER TABLE "passengers" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "passengers" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "passengers" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "passengers" ADD COLUMN "document_expiry" date;--> statement-breakpoint
ALTER TABLE "passengers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_document_type_check" CHECK ("passengers"."document_type" in ('rut', 'passport', 'dni', 'other'));