CREATE TABLE "company_certificate" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"holder_rut" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"certificate" text NOT NULL,
	"encrypted_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_certificate_singleton" CHECK ("company_certificate"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "company_tax" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rut" text NOT NULL,
	"business_name" text NOT NULL,
	"business_activity" text NOT NULL,
	"activity_code" integer NOT NULL,
	"address" text NOT NULL,
	"commune" text NOT NULL,
	"resolution_number" integer NOT NULL,
	"resolution_date" date NOT NULL,
	"environment" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_tax_singleton" CHECK ("company_tax"."id" = 1),
	CONSTRAINT "company_tax_environment_check" CHECK ("company_tax"."environment" in ('certification', 'production')),
	CONSTRAINT "company_tax_resolution_number_check" CHECK ("company_tax"."resolution_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dte_cafs" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"folio_from" integer NOT NULL,
	"folio_to" integer NOT NULL,
	"next_folio" integer NOT NULL,
	"authorized_on" date NOT NULL,
	"issuer_rut" text NOT NULL,
	"xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dte_cafs_type_check" CHECK ("dte_cafs"."type" in (33, 34, 61)),
	CONSTRAINT "dte_cafs_range_check" CHECK ("dte_cafs"."folio_from" >= 1 and "dte_cafs"."folio_to" >= "dte_cafs"."folio_from"),
	CONSTRAINT "dte_cafs_next_folio_check" CHECK ("dte_cafs"."next_folio" between "dte_cafs"."folio_from" and "dte_cafs"."folio_to" + 1)
);
--> statement-breakpoint
CREATE TABLE "dte_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"folio" integer NOT NULL,
	"caf_id" integer NOT NULL,
	"issue_date" date NOT NULL,
	"receiver_rut" text NOT NULL,
	"receiver_name" text NOT NULL,
	"net_amount" numeric(14, 0) NOT NULL,
	"exempt_amount" numeric(14, 0) NOT NULL,
	"vat_amount" numeric(14, 0) NOT NULL,
	"total_amount" numeric(14, 0) NOT NULL,
	"reference_id" integer,
	"xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dte_documents_type_check" CHECK ("dte_documents"."type" in (33, 34, 61)),
	CONSTRAINT "dte_documents_reference_check" CHECK (("dte_documents"."type" = 61) = ("dte_documents"."reference_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "dte_documents" ADD CONSTRAINT "dte_documents_caf_id_dte_cafs_id_fk" FOREIGN KEY ("caf_id") REFERENCES "public"."dte_cafs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dte_documents" ADD CONSTRAINT "dte_documents_reference_id_dte_documents_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."dte_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dte_cafs_type_idx" ON "dte_cafs" USING btree ("type","folio_from");--> statement-breakpoint
CREATE UNIQUE INDEX "dte_documents_type_folio_key" ON "dte_documents" USING btree ("type","folio");