CREATE TYPE "public"."settlement_payout_status" AS ENUM('requested', 'processing', 'processed', 'failed');--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_status" "settlement_payout_status";--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_failure_reason" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_key" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payout_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "settlements_payout_idx" ON "settlements" USING btree ("payout_status","payout_started_at");