CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bytes" bigint,
	"file_sha256" text,
	"row_counts" jsonb,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	CONSTRAINT "backups_status_check" CHECK ("backups"."status" in ('running', 'verified', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_created_at_idx" ON "backups" USING btree ("created_at");