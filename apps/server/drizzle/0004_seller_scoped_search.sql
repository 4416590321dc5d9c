CREATE TABLE "seller_counters" (
	"manufacturer_id" uuid NOT NULL,
	"counter" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seller_counters_manufacturer_id_counter_pk" PRIMARY KEY("manufacturer_id","counter")
);
--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_sku_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "seller_counters" ADD CONSTRAINT "seller_counters_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_mfr_search_trgm_idx" ON "products" USING gin ("manufacturer_id","name" gin_trgm_ops,"sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_mfr_search_trgm_idx" ON "orders" USING gin ("manufacturer_id","search_text" gin_trgm_ops);