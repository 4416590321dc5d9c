-- Exact per-seller totals for the seller dashboard. Statement-level triggers with transition tables add one delta
-- per seller per statement, so a 100,000-row bulk insert costs one counter update, not 100,000.
CREATE OR REPLACE FUNCTION seller_counters_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, 'orders', sum(1) FROM new_rows GROUP BY 1 HAVING sum(1) <> 0
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, 'orders', sum(n) FROM (
      SELECT manufacturer_id, 1 AS n FROM new_rows
      UNION ALL
      SELECT manufacturer_id, -(1) FROM old_rows
    ) d GROUP BY 1 HAVING sum(n) <> 0
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSE
    -- An update, not an upsert: deleting a seller cascades here after their counter rows are gone.
    UPDATE seller_counters c SET value = c.value - d.n
      FROM (SELECT manufacturer_id, sum(1) AS n FROM old_rows GROUP BY 1) d
     WHERE c.manufacturer_id = d.manufacturer_id AND c.counter = 'orders' AND d.n <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_seller_counters_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_counters_orders();
--> statement-breakpoint
CREATE TRIGGER orders_seller_counters_update AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_counters_orders();
--> statement-breakpoint
CREATE TRIGGER orders_seller_counters_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_counters_orders();
--> statement-breakpoint
INSERT INTO seller_counters (manufacturer_id, counter, value)
SELECT manufacturer_id, 'orders', sum(1) FROM orders GROUP BY 1
ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = EXCLUDED.value;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seller_counters_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, 'products', sum(1) FROM new_rows GROUP BY 1 HAVING sum(1) <> 0
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, 'products', sum(n) FROM (
      SELECT manufacturer_id, 1 AS n FROM new_rows
      UNION ALL
      SELECT manufacturer_id, -(1) FROM old_rows
    ) d GROUP BY 1 HAVING sum(n) <> 0
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSE
    -- An update, not an upsert: deleting a seller cascades here after their counter rows are gone.
    UPDATE seller_counters c SET value = c.value - d.n
      FROM (SELECT manufacturer_id, sum(1) AS n FROM old_rows GROUP BY 1) d
     WHERE c.manufacturer_id = d.manufacturer_id AND c.counter = 'products' AND d.n <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_seller_counters_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_counters_products();
--> statement-breakpoint
CREATE TRIGGER products_seller_counters_update AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_counters_products();
--> statement-breakpoint
CREATE TRIGGER products_seller_counters_delete AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_counters_products();
--> statement-breakpoint
INSERT INTO seller_counters (manufacturer_id, counter, value)
SELECT manufacturer_id, 'products', sum(1) FROM products GROUP BY 1
ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = EXCLUDED.value;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seller_counters_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, 'pending_payments', sum((status = 'pending')::int) FROM new_rows GROUP BY 1 HAVING sum((status = 'pending')::int) <> 0
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO seller_counters AS c (manufacturer_id, counter, value)
    SELECT manufacturer_id, 'pending_payments', sum(n) FROM (
      SELECT manufacturer_id, (status = 'pending')::int AS n FROM new_rows
      UNION ALL
      SELECT manufacturer_id, -((status = 'pending')::int) FROM old_rows
    ) d GROUP BY 1 HAVING sum(n) <> 0
    ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSE
    -- An update, not an upsert: deleting a seller cascades here after their counter rows are gone.
    UPDATE seller_counters c SET value = c.value - d.n
      FROM (SELECT manufacturer_id, sum((status = 'pending')::int) AS n FROM old_rows GROUP BY 1) d
     WHERE c.manufacturer_id = d.manufacturer_id AND c.counter = 'pending_payments' AND d.n <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_seller_counters_insert AFTER INSERT ON payments
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_counters_payments();
--> statement-breakpoint
CREATE TRIGGER payments_seller_counters_update AFTER UPDATE ON payments
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_counters_payments();
--> statement-breakpoint
CREATE TRIGGER payments_seller_counters_delete AFTER DELETE ON payments
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_counters_payments();
--> statement-breakpoint
INSERT INTO seller_counters (manufacturer_id, counter, value)
SELECT manufacturer_id, 'pending_payments', sum((status = 'pending')::int) FROM payments GROUP BY 1
ON CONFLICT (manufacturer_id, counter) DO UPDATE SET value = EXCLUDED.value;
