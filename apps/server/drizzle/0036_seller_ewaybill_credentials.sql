CREATE TABLE "seller_ewaybill_credentials" (
	"manufacturer_id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_ewaybill_credentials" ADD CONSTRAINT "seller_ewaybill_credentials_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;