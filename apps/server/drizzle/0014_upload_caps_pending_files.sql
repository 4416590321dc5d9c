CREATE TABLE "pending_files" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Upload caps held by the database, so requests racing in one process or in several cannot pass them: after an
-- insert, each parent's count is taken under a transaction-scoped advisory lock on that parent, so a second
-- insert for the same parent waits for the first to commit and then counts its rows. An advisory lock rather
-- than a lock on the product row: the upload's transaction stays open while its files are written, and orders
-- updating the product's stock must not wait for that. The numbers are MAX_PRODUCT_IMAGES and
-- DOCUMENT_LIMITS.maxPerSeller in packages/shared.
CREATE FUNCTION product_media_cap() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent uuid;
BEGIN
  FOR parent IN SELECT DISTINCT product_id FROM new_rows ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('product_media:' || parent::text, 0));
    IF (SELECT count(*) FROM product_media WHERE product_id = parent) > 10 THEN
      RAISE EXCEPTION 'A product can have at most 10 images.'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'product_media_cap';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_media_cap AFTER INSERT ON product_media
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_media_cap();
--> statement-breakpoint
CREATE FUNCTION manufacturer_documents_cap() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent uuid;
BEGIN
  FOR parent IN SELECT DISTINCT manufacturer_id FROM new_rows ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('manufacturer_documents:' || parent::text, 0));
    IF (SELECT count(*) FROM manufacturer_documents WHERE manufacturer_id = parent) > 20 THEN
      RAISE EXCEPTION 'A seller can keep at most 20 documents.'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'manufacturer_documents_cap';
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER manufacturer_documents_cap AFTER INSERT ON manufacturer_documents
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manufacturer_documents_cap();
