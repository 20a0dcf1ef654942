CREATE TABLE "commission_lines" (
	"month" text NOT NULL,
	"sale_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"username" text NOT NULL,
	"base" numeric(16, 2) NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"commission" numeric(16, 2) NOT NULL,
	"adjustment" boolean DEFAULT false NOT NULL,
	CONSTRAINT "commission_lines_month_sale_id_pk" PRIMARY KEY("month","sale_id")
);
--> statement-breakpoint
CREATE TABLE "commission_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	CONSTRAINT "commission_months_month_check" CHECK ("commission_months"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "commission_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer,
	"classification_id" integer,
	"percent" numeric(5, 2) NOT NULL,
	"base" text NOT NULL,
	CONSTRAINT "commission_rules_percent_check" CHECK ("commission_rules"."percent" between 0 and 100),
	CONSTRAINT "commission_rules_base_check" CHECK ("commission_rules"."base" in ('margin', 'sale'))
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_month_commission_months_month_fk" FOREIGN KEY ("month") REFERENCES "public"."commission_months"("month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_lines" ADD CONSTRAINT "commission_lines_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_months" ADD CONSTRAINT "commission_months_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_classification_id_classifications_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."classifications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_lines_sale_idx" ON "commission_lines" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_pair_key" ON "commission_rules" USING btree (coalesce("seller_id", 0),coalesce("classification_id", 0));--> statement-breakpoint
CREATE INDEX "sales_completed_at_idx" ON "sales" USING btree ("completed_at","id") WHERE "sales"."completed_at" is not null;--> statement-breakpoint
-- When a sale became completed (Liquidar), kept by the database so every path that changes a status
-- keeps it: set on the change to completed, cleared on any change out of it. A value the same statement
-- writes is kept (a restore, a correction). docs/decisions/0100-seller-commissions.md
CREATE FUNCTION sales_completed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'completed' THEN
    NEW.completed_at := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW.completed_at := coalesce(NEW.completed_at, now());
  ELSIF OLD.status <> 'completed' AND NEW.completed_at IS NOT DISTINCT FROM OLD.completed_at THEN
    NEW.completed_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_completed_at BEFORE INSERT OR UPDATE OF status ON sales
  FOR EACH ROW EXECUTE FUNCTION sales_completed_at();
--> statement-breakpoint
-- The sales already completed: the moment the audit trail recorded the change to completed, else their
-- last update (the status change is the last write a completed sale takes).
UPDATE sales s SET completed_at = coalesce(
  (SELECT max(a.at) FROM audit_log a
    WHERE a.entity = 'sale' AND a.entity_id = s.id AND a.action = 'status'
      AND a.changes @> '[{"field": "status", "to": "completed"}]'::jsonb),
  s.updated_at)
WHERE s.status = 'completed';
