ALTER TABLE "backup_slots" ADD COLUMN "backup_id" integer;--> statement-breakpoint
ALTER TABLE "backup_slots" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "backup_slots" ADD CONSTRAINT "backup_slots_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Running rows now can only be a stopped server's (the old code failed them at start): fail them before the index.
UPDATE "backups" SET "status" = 'failed', "error" = 'El servidor se detuvo mientras se hacía el respaldo', "finished_at" = now() WHERE "status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "backups_one_running_idx" ON "backups" USING btree ("status") WHERE "backups"."status" = 'running';