-- Money a provider captured for an order we do not know (no payment try matches its gateway order): recorded, booked
-- as held unmatched money (ledger account `unmatched`), shown to the admin as "Refund due" and refunded through the
-- provider that took it. One row per provider payment: a redelivered capture finds it.
CREATE TABLE "unmatched_captures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"provider_order_id" text,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'refund_due' NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "unmatched_captures_amount_positive" CHECK ("amount_paise" > 0),
	CONSTRAINT "unmatched_captures_status" CHECK ("status" in ('refund_due', 'refund_pending', 'refunded'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_captures_payment_key" ON "unmatched_captures" USING btree ("provider","provider_payment_id");
