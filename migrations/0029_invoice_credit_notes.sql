CREATE TABLE "invoice_credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"dte_document_id" integer NOT NULL,
	"code" integer NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_credit_notes_code_check" CHECK ("invoice_credit_notes"."code" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_credit_note_id_dte_documents_id_fk";
--> statement-breakpoint
DROP INDEX "invoices_credit_note_key";--> statement-breakpoint
ALTER TABLE "invoice_credit_notes" ADD CONSTRAINT "invoice_credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_credit_notes" ADD CONSTRAINT "invoice_credit_notes_dte_document_id_dte_documents_id_fk" FOREIGN KEY ("dte_document_id") REFERENCES "public"."dte_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_credit_notes" ADD CONSTRAINT "invoice_credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_credit_notes_dte_document_key" ON "invoice_credit_notes" USING btree ("dte_document_id");--> statement-breakpoint
CREATE INDEX "invoice_credit_notes_invoice_idx" ON "invoice_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_credit_notes_annul_key" ON "invoice_credit_notes" USING btree ("invoice_id") WHERE "invoice_credit_notes"."code" = 1;--> statement-breakpoint
-- The notes that annulled invoices until now: code 1, their reason and author the annulment's, each
-- item credited in full (the note had the invoice's lines), items numbered by their order.
INSERT INTO "invoice_credit_notes" ("invoice_id", "dte_document_id", "code", "reason", "lines", "created_by", "created_at")
SELECT i."id", i."credit_note_id", 1, coalesce(i."cancel_reason", ''),
  coalesce((SELECT jsonb_agg(jsonb_build_object('itemId', e.n, 'pesos', coalesce(e.item->>'pesos', '0')) ORDER BY e.n)
            FROM jsonb_array_elements(i."items") WITH ORDINALITY AS e(item, n)), '[]'::jsonb),
  i."cancelled_by", coalesce(i."cancelled_at", i."created_at")
FROM "invoices" i WHERE i."credit_note_id" IS NOT NULL ORDER BY i."id";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "credit_note_id";