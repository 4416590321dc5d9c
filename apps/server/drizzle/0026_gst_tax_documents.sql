CREATE TABLE "eway_bills" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"transporter_name" text NOT NULL,
	"transporter_id" text,
	"transport_mode" text NOT NULL,
	"vehicle_number" text,
	"transport_doc_number" text,
	"transport_doc_date" text,
	"distance_km" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"ewb_number" text,
	"ewb_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_tax_settings" (
	"manufacturer_id" uuid PRIMARY KEY NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"credit_note_prefix" text DEFAULT 'CN' NOT NULL,
	"debit_note_prefix" text DEFAULT 'DN' NOT NULL,
	"einvoice_applies" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_document_counters" (
	"manufacturer_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"kind" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_document_counters_manufacturer_id_financial_year_kind_pk" PRIMARY KEY("manufacturer_id","financial_year","kind")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"invoice_id" uuid,
	"reason" text,
	"supply_type" text NOT NULL,
	"buyer_gstin" text,
	"place_of_supply_code" text NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"body" jsonb NOT NULL,
	"backfilled" boolean DEFAULT false NOT NULL,
	"einvoice_status" text DEFAULT 'not_applicable' NOT NULL,
	"irn" text,
	"ack_no" text,
	"ack_date" timestamp with time zone,
	"signed_qr_code" text,
	"einvoice_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_tax_settings" ADD CONSTRAINT "seller_tax_settings_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_counters" ADD CONSTRAINT "tax_document_counters_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_seller_number_key" ON "tax_documents" USING btree ("manufacturer_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE kind = 'invoice';--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_seller_issued_idx" ON "tax_documents" USING btree ("manufacturer_id","issued_at");