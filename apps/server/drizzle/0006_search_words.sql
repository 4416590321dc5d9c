-- Seller search by words instead of trigram substrings (lib/search.ts, ADR 0009): each order and product keeps a
-- tsvector of its words keyed by seller, computed by the application on write. Existing rows are backfilled here
-- with the same split as lib/search.ts (NFKC, lower case, words cut at 100 characters), except that non-ASCII
-- punctuation stays inside a word here where the application splits on it.
DROP INDEX "products_mfr_search_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_mfr_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_doc" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_doc" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
UPDATE "products" SET "search_doc" = coalesce((
  SELECT array_to_tsvector(array_agg(DISTINCT "manufacturer_id"::text || ':' || left(w, 100)))
    FROM regexp_split_to_table(translate(lower(normalize("name" || ' ' || "sku", NFKC)),
           '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', repeat(' ', 32)), '\s+') w WHERE w <> ''), '');--> statement-breakpoint
UPDATE "orders" SET "search_doc" = coalesce((
  SELECT array_to_tsvector(array_agg(DISTINCT "manufacturer_id"::text || ':' || left(w, 100)))
    FROM regexp_split_to_table(translate(lower(normalize("search_text", NFKC)),
           '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', repeat(' ', 32)), '\s+') w WHERE w <> ''), '');--> statement-breakpoint
CREATE INDEX "products_search_doc_idx" ON "products" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "products_mfr_sku_prefix_idx" ON "products" USING btree ("manufacturer_id",lower("sku") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_search_doc_idx" ON "orders" USING gin ("search_doc");--> statement-breakpoint
-- Order totals per status as well ("orders.pending", "orders.delivered", ...), so a tab's total is a sum of a few
-- counter rows instead of a count over the seller's orders. Keys are written in a fixed order, so two transactions
-- moving orders of one seller lock counter rows in the same order and cannot deadlock.
CREATE OR REPLACE FUNCTION seller_counters_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, k, sum(1) FROM (
      SELECT manufacturer_id, 'orders' AS k FROM new_rows
      UNION ALL
      SELECT manufacturer_id, 'orders.' || status FROM new_rows
    ) d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, k, sum(n) FROM (
      SELECT manufacturer_id, 'orders' AS k, 1 AS n FROM new_rows
      UNION ALL
      SELECT manufacturer_id, 'orders.' || status, 1 FROM new_rows
      UNION ALL
      SELECT manufacturer_id, 'orders', -1 FROM old_rows
      UNION ALL
      SELECT manufacturer_id, 'orders.' || status, -1 FROM old_rows
    ) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSE
    -- An update, not an upsert: deleting a seller cascades here after their counter rows are gone.
    UPDATE seller_counters c SET value = c.value - d.n
      FROM (
        SELECT manufacturer_id, k, sum(1) AS n FROM (
          SELECT manufacturer_id, 'orders' AS k FROM old_rows
          UNION ALL
          SELECT manufacturer_id, 'orders.' || status FROM old_rows
        ) o GROUP BY 1, 2
      ) d
     WHERE c.manufacturer_id = d.manufacturer_id AND c.counter = d.k;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO seller_counters (manufacturer_id, counter, value)
SELECT manufacturer_id, 'orders.' || status, count(*) FROM orders GROUP BY 1, 2
ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = EXCLUDED.value;
