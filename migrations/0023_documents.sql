CREATE TABLE "document_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"version" integer NOT NULL,
	"number" text NOT NULL,
	"valid_until" date NOT NULL,
	"sha256" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "quote_validity_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "quote_conditions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "emergency_contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" integer;--> statement-breakpoint
ALTER TABLE "sale_quotes" ADD CONSTRAINT "sale_quotes_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_quotes" ADD CONSTRAINT "sale_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_quotes_sale_version_key" ON "sale_quotes" USING btree ("sale_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_quotes_number_key" ON "sale_quotes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_key" ON "payments" USING btree ("receipt_number");--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_quote_validity_days_check" CHECK ("company_settings"."quote_validity_days" between 1 and 365);--> statement-breakpoint
-- Receipts (docs/product.md#documents): a payment gets its number the first time it is confirmed, however it
-- gets there (registered confirmed, confirmed later, edited to confirmed), from one counter row whose lock is
-- held until commit: numbers follow each other without gaps or repeats, and a payment set back to pending
-- keeps its number. The payments confirmed before this migration are numbered in the order they were
-- registered.
WITH numbered AS (
  SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM payments WHERE status = 'confirmed'
)
UPDATE payments SET receipt_number = numbered.n FROM numbered WHERE payments.id = numbered.id;--> statement-breakpoint
-- The counter row exists once a receipt has been numbered: an empty database stays empty (a backup is
-- restored only into one).
INSERT INTO document_counters (kind, last_number)
  SELECT 'receipt', max(receipt_number) FROM payments HAVING max(receipt_number) IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION payments_receipt_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'confirmed' AND NEW.receipt_number IS NULL THEN
    INSERT INTO document_counters AS c (kind, last_number) VALUES ('receipt', 1)
      ON CONFLICT (kind) DO UPDATE SET last_number = c.last_number + 1
      RETURNING last_number INTO NEW.receipt_number;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_receipt_number BEFORE INSERT OR UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_receipt_number();
