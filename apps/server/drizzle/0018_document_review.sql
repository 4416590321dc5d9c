ALTER TABLE "manufacturer_documents" ADD COLUMN "review_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "manufacturer_documents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "manufacturer_documents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manufacturer_documents" ADD CONSTRAINT "manufacturer_documents_review_status" CHECK ("manufacturer_documents"."review_status" in ('pending', 'approved', 'rejected'));