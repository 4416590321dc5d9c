DROP INDEX "products_catalog_doc_idx";--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_catalog_doc_idx" ON "products" USING gin ("catalog_doc");--> statement-breakpoint
-- Each seller's products per moderation status as well ("products.approved", "products.pending", ...), so the admin
-- console's total over every seller is a sum of counter rows, not a count over ten million products. Keys are
-- written in a fixed order, so two transactions of one seller lock counter rows in the same order.
CREATE OR REPLACE FUNCTION seller_counters_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, k, sum(1) FROM (
      SELECT manufacturer_id, 'products' AS k FROM new_rows
      UNION ALL
      SELECT manufacturer_id, 'products.' || moderation_status FROM new_rows
    ) d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, k, sum(n) FROM (
      SELECT manufacturer_id, 'products' AS k, 1 AS n FROM new_rows
      UNION ALL
      SELECT manufacturer_id, 'products.' || moderation_status, 1 FROM new_rows
      UNION ALL
      SELECT manufacturer_id, 'products', -1 FROM old_rows
      UNION ALL
      SELECT manufacturer_id, 'products.' || moderation_status, -1 FROM old_rows
    ) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSE
    -- An update, not an upsert: deleting a seller cascades here after their counter rows are gone.
    UPDATE seller_counters c SET value = c.value - d.n
      FROM (
        SELECT manufacturer_id, k, sum(1) AS n FROM (
          SELECT manufacturer_id, 'products' AS k FROM old_rows
          UNION ALL
          SELECT manufacturer_id, 'products.' || moderation_status FROM old_rows
        ) o GROUP BY 1, 2
      ) d
     WHERE c.manufacturer_id = d.manufacturer_id AND c.counter = d.k AND d.n <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO seller_counters (manufacturer_id, counter, value)
SELECT manufacturer_id, 'products.' || moderation_status, count(*) FROM products GROUP BY 1, 2
ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = EXCLUDED.value;
