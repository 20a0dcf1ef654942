ALTER TABLE "invoices" ADD COLUMN "dte_document_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exchange_rate" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_activity" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_commune" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_note_id" integer;--> statement-breakpoint
ALTER TABLE "classifications" ADD COLUMN "tax_treatment" text DEFAULT 'byRegion' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_dte_document_id_dte_documents_id_fk" FOREIGN KEY ("dte_document_id") REFERENCES "public"."dte_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_id_dte_documents_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."dte_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_dte_document_key" ON "invoices" USING btree ("dte_document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_key" ON "invoices" USING btree ("credit_note_id");--> statement-breakpoint
ALTER TABLE "classifications" ADD CONSTRAINT "classifications_tax_treatment_check" CHECK ("classifications"."tax_treatment" in ('exempt', 'taxable', 'byRegion'));