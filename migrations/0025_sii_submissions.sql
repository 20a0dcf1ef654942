CREATE TABLE "sii_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"step" text NOT NULL,
	"ok" boolean NOT NULL,
	"detail" text NOT NULL,
	CONSTRAINT "sii_attempts_step_check" CHECK ("sii_attempts"."step" in ('upload', 'status'))
);
--> statement-breakpoint
CREATE TABLE "sii_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"dte_document_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"track_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sii_code" text,
	"sii_messages" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sii_submissions_status_check" CHECK ("sii_submissions"."status" in ('pending', 'sent', 'accepted', 'rejected', 'repairs')),
	CONSTRAINT "sii_submissions_track_id_check" CHECK ("sii_submissions"."status" in ('pending', 'rejected') or "sii_submissions"."track_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "sii_attempts" ADD CONSTRAINT "sii_attempts_submission_id_sii_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."sii_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sii_submissions" ADD CONSTRAINT "sii_submissions_dte_document_id_dte_documents_id_fk" FOREIGN KEY ("dte_document_id") REFERENCES "public"."dte_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sii_attempts_submission_id_idx" ON "sii_attempts" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sii_submissions_dte_document_id_key" ON "sii_submissions" USING btree ("dte_document_id");--> statement-breakpoint
CREATE INDEX "sii_submissions_due_idx" ON "sii_submissions" USING btree ("next_attempt_at") WHERE "sii_submissions"."status" in ('pending', 'sent');