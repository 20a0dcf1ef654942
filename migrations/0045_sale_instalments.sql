CREATE TABLE "sale_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "sale_instalments_amount_check" CHECK ("sale_instalments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sale_instalments" ADD CONSTRAINT "sale_instalments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_instalments_sale_due_idx" ON "sale_instalments" USING btree ("sale_id","due_date","id","amount");