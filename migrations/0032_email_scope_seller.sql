ALTER TABLE "emails" ADD COLUMN "scope_seller_id" integer;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_scope_seller_id_users_id_fk" FOREIGN KEY ("scope_seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emails_scope_seller_id_idx" ON "emails" USING btree ("scope_seller_id");--> statement-breakpoint
-- The messages queued before this column: the creator's view when the creator is a seller (a seller's
-- statement was made in their scope), else the whole client's, which a seller no longer reads
-- (docs/decisions/0079). Reminders have no creator and stay the admin's and finance's.
UPDATE "emails" SET "scope_seller_id" = "emails"."created_by"
  FROM "users" WHERE "users"."id" = "emails"."created_by" AND "users"."role" = 'sales';
