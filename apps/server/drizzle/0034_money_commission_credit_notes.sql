CREATE TABLE "commission_credit_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supply_type" text NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"body" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_credit_notes" ADD CONSTRAINT "commission_credit_notes_invoice_id_commission_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."commission_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_credit_notes" ADD CONSTRAINT "commission_credit_notes_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_credit_notes" ADD CONSTRAINT "commission_credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_credit_notes_number_key" ON "commission_credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_credit_notes_refund_key" ON "commission_credit_notes" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "commission_credit_notes_invoice_idx" ON "commission_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "commission_credit_notes_mfr_idx" ON "commission_credit_notes" USING btree ("manufacturer_id","issued_at");