ALTER TABLE "products" ADD COLUMN "approved_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The price-error guard measures price changes against the approved price; what is approved now was approved at
-- its current price (suspended products were approved before).
UPDATE "products" SET "approved_price" = "price" WHERE "moderation_status" IN ('approved', 'suspended');--> statement-breakpoint
-- Approval now needs an HSN code and a GST rate (tax invoices print both): approved products without them go back
-- to Pending Approval, with the reason the seller sees, until the seller adds them and an admin approves again.
UPDATE "products" SET "moderation_status" = 'pending',
  "moderation_reason" = 'Add the HSN code and GST rate: approval needs both.'
  WHERE "moderation_status" = 'approved' AND ("hsn_code" IS NULL OR "gst_percentage" IS NULL);--> statement-breakpoint
-- Every UPDATE of a product moves its version on, whichever statement makes it (an edit, an order taking stock, a
-- cancellation returning it, moderation), so an edit form opened before any of them is refused as stale.
CREATE OR REPLACE FUNCTION products_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_version BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_next_version();--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_approved_tax_check" CHECK ("products"."moderation_status" <> 'approved' or ("products"."hsn_code" is not null and "products"."gst_percentage" is not null));
