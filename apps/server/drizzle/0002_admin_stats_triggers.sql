-- Keeps order_stats_monthly and buyer_activity_monthly in step with orders (admin dashboard rollups).
CREATE OR REPLACE FUNCTION order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'cancelled' THEN
    UPDATE order_stats_monthly SET sales = sales - OLD.total, orders = orders - 1
     WHERE month = date_trunc('month', OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date
       AND manufacturer_id = OLD.manufacturer_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.status <> 'cancelled' THEN
      INSERT INTO order_stats_monthly (month, manufacturer_id, sales, orders)
      VALUES (date_trunc('month', NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.manufacturer_id, NEW.total, 1)
      ON CONFLICT (month, manufacturer_id) DO UPDATE
        SET sales = order_stats_monthly.sales + EXCLUDED.sales, orders = order_stats_monthly.orders + 1;
    END IF;
    INSERT INTO buyer_activity_monthly (month, buyer_id)
    VALUES (date_trunc('month', NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.buyer_id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_stats_rollup
AFTER INSERT OR DELETE OR UPDATE OF status, total, created_at, manufacturer_id, buyer_id ON orders
FOR EACH ROW EXECUTE FUNCTION order_stats_apply();
--> statement-breakpoint
INSERT INTO order_stats_monthly (month, manufacturer_id, sales, orders)
SELECT date_trunc('month', created_at AT TIME ZONE 'Asia/Kolkata')::date, manufacturer_id, sum(total), count(*)
  FROM orders WHERE status <> 'cancelled' GROUP BY 1, 2
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO buyer_activity_monthly (month, buyer_id)
SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'Asia/Kolkata')::date, buyer_id FROM orders
ON CONFLICT DO NOTHING;
