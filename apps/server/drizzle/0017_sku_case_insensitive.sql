DROP INDEX "products_mfr_sku_key";--> statement-breakpoint
CREATE UNIQUE INDEX "products_mfr_sku_key" ON "products" USING btree ("manufacturer_id",lower("sku"));