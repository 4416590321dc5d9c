CREATE SEQUENCE "public"."commission_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."refund_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"manufacturer_id" uuid,
	"memo" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"account" text NOT NULL,
	"order_id" uuid,
	"manufacturer_id" uuid,
	"amount_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"transfer_mode" text,
	"utr" text,
	"failure_reason" text,
	"flag_reason" text,
	"method" text,
	"decided_by" uuid,
	"captured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"from_seller" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"utr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seller_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"gross_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"commission_paise" bigint NOT NULL,
	"gst_on_commission_paise" bigint NOT NULL,
	"tcs_paise" bigint NOT NULL,
	"tcs_inter_state" integer DEFAULT 0 NOT NULL,
	"tds_paise" bigint NOT NULL,
	"refunds_paise" bigint NOT NULL,
	"net_paise" bigint NOT NULL,
	"settlement_id" uuid,
	"posted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"rate_ppm" integer NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"receipt" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"refunded_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"receipt" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "gross_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "commission_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "gst_on_commission_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "tcs_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "tds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "refunds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "net_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "opening_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "closing_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "commission_invoice_number" text;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_ledger_accounts_code_fk" FOREIGN KEY ("account") REFERENCES "public"."ledger_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_earnings" ADD CONSTRAINT "seller_earnings_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD CONSTRAINT "test_gateway_payments_order_id_test_gateway_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."test_gateway_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_gateway_refunds" ADD CONSTRAINT "test_gateway_refunds_payment_id_test_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."test_gateway_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_key" ON "journal_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "journal_entries_order_idx" ON "journal_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "journal_entries_posted_idx" ON "journal_entries" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_mfr_idx" ON "journal_lines" USING btree ("account","manufacturer_id");--> statement-breakpoint
CREATE INDEX "journal_lines_order_idx" ON "journal_lines" USING btree ("order_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_order_key" ON "payment_attempts" USING btree ("provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_utr_key" ON "payment_attempts" USING btree ("utr") WHERE "payment_attempts"."status" in ('awaiting_confirmation', 'captured');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_capture" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" = 'captured';--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_status_idx" ON "payment_attempts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_number_key" ON "refunds" USING btree ("refund_number");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "seller_earnings_mfr_idx" ON "seller_earnings" USING btree ("manufacturer_id","settlement_id");--> statement-breakpoint
CREATE INDEX "seller_earnings_settlement_idx" ON "seller_earnings" USING btree ("settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_earnings_one_release" ON "seller_earnings" USING btree ("order_id") WHERE "seller_earnings"."kind" = 'release';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_code_from_key" ON "tax_rates" USING btree ("code","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "test_gateway_refunds_receipt_key" ON "test_gateway_refunds" USING btree ("receipt");--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "name", "kind") VALUES
  ('buyer_payments', 'Buyer payments received (gateway and bank clearing)', 'asset'),
  ('escrow', 'Escrow: buyer money held for orders', 'liability'),
  ('seller_payable', 'Seller payable: released, not yet settled', 'liability'),
  ('settlements_payable', 'Settlements awaiting payout', 'liability'),
  ('refunds_payable', 'Refunds owed to buyers, not yet paid out', 'liability'),
  ('commission', 'Platform commission', 'revenue'),
  ('gst_on_commission', 'GST on commission payable', 'liability'),
  ('tcs_payable', 'TCS payable (s.52 CGST Act)', 'liability'),
  ('tds_payable', 'TDS payable (s.194-O Income-tax Act)', 'liability'),
  ('unmatched', 'Money received that matched no order (a mismatch to resolve)', 'liability');
--> statement-breakpoint
INSERT INTO "tax_rates" ("code", "rate_ppm", "effective_from", "source") VALUES
  ('gst_on_commission', 180000, '2017-07-01', 'GST on the platform''s service (SAC 998599), 18 %'),
  ('tcs_cgst', 5000, '2018-10-01', 's.52 CGST Act: 0.5 % CGST (1 % total) intra-state, Notification 52/2018-CT'),
  ('tcs_sgst', 5000, '2018-10-01', 's.52 CGST Act: 0.5 % SGST intra-state, Notification 52/2018-CT'),
  ('tcs_igst', 10000, '2018-10-01', 's.52 CGST Act: 1 % IGST inter-state, Notification 02/2018-IT'),
  ('tcs_cgst', 2500, '2024-07-10', 's.52 CGST Act: 0.25 % CGST intra-state, Notification 15/2024-CT'),
  ('tcs_sgst', 2500, '2024-07-10', 's.52 CGST Act: 0.25 % SGST intra-state, Notification 15/2024-CT'),
  ('tcs_igst', 5000, '2024-07-10', 's.52 CGST Act: 0.5 % IGST inter-state, Notification 01/2024-IT'),
  ('tds_194o', 10000, '2020-10-01', 's.194-O Income-tax Act: 1 % of the gross amount'),
  ('tds_194o', 1000, '2024-10-01', 's.194-O Income-tax Act: 0.1 % of the gross amount (Finance (No. 2) Act 2024)');
--> statement-breakpoint
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "journal_lines_append_only" BEFORE UPDATE OR DELETE ON "journal_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
