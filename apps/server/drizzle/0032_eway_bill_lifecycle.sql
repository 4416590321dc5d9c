ALTER TABLE "eway_bills" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD COLUMN "from_place" text;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD COLUMN "from_state_code" text;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD COLUMN "vehicle_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD COLUMN "vehicle_updates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD COLUMN "cancel_reason_code" text;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD COLUMN "cancel_remark" text;