CREATE TABLE "requirement_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requirement_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"original_name" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rfqs" ADD COLUMN "agreed_gst_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "requirement_attachments" ADD CONSTRAINT "requirement_attachments_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requirement_attachments_requirement_idx" ON "requirement_attachments" USING btree ("requirement_id","created_at");