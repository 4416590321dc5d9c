CREATE TABLE "seller_daily_counters" (
	"manufacturer_id" uuid NOT NULL,
	"counter" text NOT NULL,
	"day" date NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seller_daily_counters_manufacturer_id_counter_day_pk" PRIMARY KEY("manufacturer_id","counter","day")
);
--> statement-breakpoint
ALTER TABLE "seller_daily_counters" ADD CONSTRAINT "seller_daily_counters_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement triggers beside the all-time counters of 0005: one upsert per seller and day per statement.
-- Orders and products count every row (counter name in TG_ARGV[0]); their created_at never changes, so updates
-- need no trigger. Rows are written in key order, so concurrent statements cannot deadlock on them.
CREATE OR REPLACE FUNCTION seller_daily_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seller_daily_counters AS c (manufacturer_id, counter, day, value)
    SELECT manufacturer_id, TG_ARGV[0], (created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*)
      FROM new_rows GROUP BY 1, 3 ORDER BY 1, 3
    ON CONFLICT (manufacturer_id, counter, day) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSE
    UPDATE seller_daily_counters c SET value = c.value - d.n
      FROM (SELECT manufacturer_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, count(*) AS n
              FROM old_rows GROUP BY 1, 2) d
     WHERE c.manufacturer_id = d.manufacturer_id AND c.counter = TG_ARGV[0] AND c.day = d.day;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_seller_daily_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_daily_rows('orders');
--> statement-breakpoint
CREATE TRIGGER orders_seller_daily_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_daily_rows('orders');
--> statement-breakpoint
CREATE TRIGGER products_seller_daily_insert AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_daily_rows('products');
--> statement-breakpoint
CREATE TRIGGER products_seller_daily_delete AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_daily_rows('products');
--> statement-breakpoint
-- Pending payments by the day the payment was created; a payment moving to or from pending moves its day's count.
CREATE OR REPLACE FUNCTION seller_daily_pending_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE seller_daily_counters c SET value = c.value - d.n
      FROM (SELECT manufacturer_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, count(*) AS n
              FROM old_rows WHERE status = 'pending' GROUP BY 1, 2) d
     WHERE c.manufacturer_id = d.manufacturer_id AND c.counter = 'pending_payments' AND c.day = d.day;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO seller_daily_counters AS c (manufacturer_id, counter, day, value)
    SELECT manufacturer_id, 'pending_payments', (created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*)
      FROM new_rows WHERE status = 'pending' GROUP BY 1, 3 ORDER BY 1, 3
    ON CONFLICT (manufacturer_id, counter, day) DO UPDATE SET value = c.value + EXCLUDED.value;
  ELSE
    INSERT INTO seller_daily_counters AS c (manufacturer_id, counter, day, value)
    SELECT manufacturer_id, 'pending_payments', day, sum(n) FROM (
      SELECT manufacturer_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, (status = 'pending')::int AS n
        FROM new_rows
      UNION ALL
      SELECT manufacturer_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date, -((status = 'pending')::int)
        FROM old_rows
    ) d GROUP BY 1, 3 HAVING sum(n) <> 0 ORDER BY 1, 3
    ON CONFLICT (manufacturer_id, counter, day) DO UPDATE SET value = c.value + EXCLUDED.value;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_seller_daily_insert AFTER INSERT ON payments
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_daily_pending_payments();
--> statement-breakpoint
CREATE TRIGGER payments_seller_daily_update AFTER UPDATE ON payments
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_daily_pending_payments();
--> statement-breakpoint
CREATE TRIGGER payments_seller_daily_delete AFTER DELETE ON payments
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seller_daily_pending_payments();
--> statement-breakpoint
INSERT INTO seller_daily_counters (manufacturer_id, counter, day, value)
SELECT manufacturer_id, 'orders', (created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM orders GROUP BY 1, 3
UNION ALL
SELECT manufacturer_id, 'products', (created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM products GROUP BY 1, 3
UNION ALL
SELECT manufacturer_id, 'pending_payments', (created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*)
  FROM payments WHERE status = 'pending' GROUP BY 1, 3;
