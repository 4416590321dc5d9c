DROP INDEX "orders_mfr_created_idx";--> statement-breakpoint
CREATE INDEX "orders_mfr_created_idx" ON "orders" USING btree ("manufacturer_id","created_at","id");