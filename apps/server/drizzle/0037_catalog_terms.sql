-- The catalogue's words as rows with their payload (ADR 0036): a one-word search, its filters and its facets read
-- the key's index alone. Exactly the listable products (modules/catalog/listable.ts): active, approved, of an
-- approved seller; kept by the triggers below.
CREATE TABLE "catalog_terms" (
	"term" text COLLATE "C" NOT NULL,
	"product_id" uuid NOT NULL,
	"hits" smallint NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"category" text,
	"price" numeric(14, 2) NOT NULL,
	"moq" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalog_terms_term_product_id_pk" PRIMARY KEY("term","product_id")
	  INCLUDE ("hits", "category", "price", "moq", "manufacturer_id", "created_at")
);
--> statement-breakpoint
-- The words of products `ids` that are listable now: their rows, written afresh.
CREATE FUNCTION catalog_terms_add(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_terms (term, product_id, hits, manufacturer_id, category, price, moq, created_at)
  SELECT l.lexeme, p.id, coalesce(array_length(l.positions, 1), 1), p.manufacturer_id, p.category, p.price, p.moq,
         p.created_at
    FROM products p CROSS JOIN LATERAL unnest(p.catalog_doc) l
   WHERE p.id = ANY (ids) AND p.status = 'active' AND p.moderation_status = 'approved'
     AND EXISTS (SELECT 1 FROM manufacturers m WHERE m.id = p.manufacturer_id AND m.status = 'approved')
  ON CONFLICT (term, product_id) DO UPDATE SET hits = EXCLUDED.hits, manufacturer_id = EXCLUDED.manufacturer_id,
    category = EXCLUDED.category, price = EXCLUDED.price, moq = EXCLUDED.moq, created_at = EXCLUDED.created_at
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_terms_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A bulk upload's rows wait for review: nothing to write for them.
    PERFORM catalog_terms_add(array(SELECT id FROM new_rows WHERE status = 'active' AND moderation_status = 'approved'));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only rows whose words, listing or payload changed (a stock change, the common update, changes none of them).
    SELECT array_agg(o.id) INTO changed FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.catalog_doc, o.status, o.moderation_status, o.manufacturer_id, o.category, o.price, o.moq, o.created_at)
           IS DISTINCT FROM
           (n.catalog_doc, n.status, n.moderation_status, n.manufacturer_id, n.category, n.price, n.moq, n.created_at);
    IF changed IS NOT NULL THEN
      DELETE FROM catalog_terms t USING (
        SELECT o.id, l.lexeme FROM old_rows o JOIN unnest(changed) c(id) ON c.id = o.id
               CROSS JOIN LATERAL unnest(o.catalog_doc) l
      ) d WHERE t.term = d.lexeme AND t.product_id = d.id;
      PERFORM catalog_terms_add(changed);
    END IF;
  ELSE
    DELETE FROM catalog_terms t USING (
      SELECT o.id, l.lexeme FROM old_rows o CROSS JOIN LATERAL unnest(o.catalog_doc) l
    ) d WHERE t.term = d.lexeme AND t.product_id = d.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_terms_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_terms_products();
--> statement-breakpoint
CREATE TRIGGER products_catalog_terms_update AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_terms_products();
--> statement-breakpoint
CREATE TRIGGER products_catalog_terms_delete AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_terms_products();
--> statement-breakpoint
-- A seller approved again brings their listed products back; one suspended, rejected or pending takes them out.
CREATE FUNCTION catalog_terms_seller() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'approved' THEN
    PERFORM catalog_terms_add(array(SELECT id FROM products WHERE manufacturer_id = NEW.id));
  ELSE
    DELETE FROM catalog_terms t USING (
      SELECT p.id, l.lexeme FROM products p CROSS JOIN LATERAL unnest(p.catalog_doc) l WHERE p.manufacturer_id = NEW.id
    ) d WHERE t.term = d.lexeme AND t.product_id = d.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER manufacturers_catalog_terms AFTER UPDATE OF status ON manufacturers
FOR EACH ROW WHEN ((OLD.status = 'approved') IS DISTINCT FROM (NEW.status = 'approved'))
EXECUTE FUNCTION catalog_terms_seller();
--> statement-breakpoint
-- Every listable product's words written anew, in key order (an empty index then only grows at its right edge):
-- the backfill below, and a bulk load that ran with the insert trigger off (the benchmark fixtures).
CREATE FUNCTION catalog_terms_rebuild() RETURNS void LANGUAGE sql AS $$
  TRUNCATE catalog_terms;
  INSERT INTO catalog_terms (term, product_id, hits, manufacturer_id, category, price, moq, created_at)
  SELECT l.lexeme, p.id, coalesce(array_length(l.positions, 1), 1), p.manufacturer_id, p.category, p.price, p.moq,
         p.created_at
    FROM products p CROSS JOIN LATERAL unnest(p.catalog_doc) l
   WHERE p.status = 'active' AND p.moderation_status = 'approved'
     AND EXISTS (SELECT 1 FROM manufacturers m WHERE m.id = p.manufacturer_id AND m.status = 'approved')
   ORDER BY l.lexeme COLLATE "C", p.id;
$$;
--> statement-breakpoint
SELECT catalog_terms_rebuild();
--> statement-breakpoint
-- The searches without words read the first matches from these indexes alone: the columns the facets and the
-- listing rule need ride along (INCLUDE), so no product row is visited until the page's cards.
DROP INDEX "products_catalog_category_idx";
--> statement-breakpoint
CREATE INDEX "products_catalog_category_idx" ON "products" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("price", "moq", "manufacturer_id") WHERE status = 'active' and moderation_status = 'approved';
--> statement-breakpoint
DROP INDEX "products_catalog_price_idx";
--> statement-breakpoint
CREATE INDEX "products_catalog_price_idx" ON "products" USING btree ("price","id") INCLUDE ("category", "moq", "manufacturer_id", "created_at") WHERE status = 'active' and moderation_status = 'approved';
--> statement-breakpoint
DROP INDEX "products_catalog_category_price_idx";
--> statement-breakpoint
CREATE INDEX "products_catalog_category_price_idx" ON "products" USING btree ("category","price","id") INCLUDE ("moq", "manufacturer_id", "created_at") WHERE status = 'active' and moderation_status = 'approved';
