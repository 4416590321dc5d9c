-- Every word any product has held, listed or not (ADR 0037): the admin's search spells its last word out as these
-- forms. Kept by statement triggers on products; never pruned (a form no product holds matches nothing).
CREATE TABLE "product_words" (
	"term" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- New words of the statement's rows, in key order: two statements adding the same new words wait for each other in
-- one order, never in a cycle.
CREATE FUNCTION product_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_words (term)
    SELECT DISTINCT l.lexeme FROM new_rows n CROSS JOIN LATERAL unnest(tsvector_to_array(n.catalog_doc)) l(lexeme)
     ORDER BY 1
    ON CONFLICT DO NOTHING;
  ELSE
    -- Only rows whose words changed (a stock or status change, the common update, changes none).
    INSERT INTO product_words (term)
    SELECT DISTINCT l.lexeme FROM new_rows n JOIN old_rows o ON o.id = n.id
           CROSS JOIN LATERAL unnest(tsvector_to_array(n.catalog_doc)) l(lexeme)
     WHERE n.catalog_doc IS DISTINCT FROM o.catalog_doc
     ORDER BY 1
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_words_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_words_add();
--> statement-breakpoint
CREATE TRIGGER products_words_update AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_words_add();
--> statement-breakpoint
INSERT INTO product_words (term)
SELECT DISTINCT l.lexeme FROM products p CROSS JOIN LATERAL unnest(tsvector_to_array(p.catalog_doc)) l(lexeme)
ON CONFLICT DO NOTHING;
