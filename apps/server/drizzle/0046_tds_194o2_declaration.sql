-- s.194-O(2) Income-tax Act: an individual or HUF seller with PAN whose gross sales through the platform in the
-- financial year stay within Rs 5 lakh is not subject to TDS, on their declaration. When it was made (null: none).
ALTER TABLE "manufacturers" ADD COLUMN "tds_194o2_declared_at" timestamp with time zone;
