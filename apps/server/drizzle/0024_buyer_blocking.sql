ALTER TABLE "buyers" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "blocked_reason" text;