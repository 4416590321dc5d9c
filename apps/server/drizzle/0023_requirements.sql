CREATE SEQUENCE "public"."requirement_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "requirement_quote_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"price_per_unit" numeric(14, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"delivery_days" integer NOT NULL,
	"valid_until" date NOT NULL,
	"gst_rate" numeric(5, 2),
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requirement_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"price_per_unit" numeric(14, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"delivery_days" integer NOT NULL,
	"valid_until" date NOT NULL,
	"gst_rate" numeric(5, 2),
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"revisions" integer DEFAULT 0 NOT NULL,
	"revised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirement_quotes_status_check" CHECK ("requirement_quotes"."status" in ('open', 'accepted', 'closed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "requirement_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requirement_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"target_price" numeric(14, 2),
	"deadline" date NOT NULL,
	"delivery_state" text NOT NULL,
	"pin_code" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_reason" text,
	"closed_at" timestamp with time zone,
	"rfq_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirements_status_check" CHECK ("requirements"."status" in ('open', 'accepted', 'closed', 'expired', 'removed')),
	CONSTRAINT "requirements_quantity_check" CHECK ("requirements"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "requirement_quote_revisions" ADD CONSTRAINT "requirement_quote_revisions_quote_id_requirement_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."requirement_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_quote_revisions" ADD CONSTRAINT "requirement_quote_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_quotes" ADD CONSTRAINT "requirement_quotes_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_quotes" ADD CONSTRAINT "requirement_quotes_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_reports" ADD CONSTRAINT "requirement_reports_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_reports" ADD CONSTRAINT "requirement_reports_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requirement_quote_revisions_quote_idx" ON "requirement_quote_revisions" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_quotes_one_per_seller" ON "requirement_quotes" USING btree ("requirement_id","manufacturer_id");--> statement-breakpoint
CREATE INDEX "requirement_quotes_mfr_idx" ON "requirement_quotes" USING btree ("manufacturer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_reports_one_per_seller" ON "requirement_reports" USING btree ("requirement_id","manufacturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirements_number_key" ON "requirements" USING btree ("number");--> statement-breakpoint
CREATE INDEX "requirements_board_idx" ON "requirements" USING btree ("status","category","created_at");--> statement-breakpoint
CREATE INDEX "requirements_buyer_idx" ON "requirements" USING btree ("buyer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "requirements_deadline_idx" ON "requirements" USING btree ("status","deadline");