CREATE TABLE "platform_stats_monthly" (
	"month" date NOT NULL,
	"slot" smallint NOT NULL,
	"sales" numeric(18, 2) DEFAULT '0' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_stats_monthly_month_slot_pk" PRIMARY KEY("month","slot")
);
--> statement-breakpoint
-- A seller's or buyer's slot of a month: spreads concurrent writers over 16 rows.
CREATE FUNCTION platform_stats_slot(id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (hashtext(id::text) & 15)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION platform_stats_add(m date, s smallint, d_sales numeric, d_orders integer, d_buyers integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO platform_stats_monthly AS p (month, slot, sales, orders, buyers)
  VALUES (m, s, d_sales, d_orders, d_buyers)
  ON CONFLICT (month, slot) DO UPDATE
    SET sales = p.sales + EXCLUDED.sales, orders = p.orders + EXCLUDED.orders, buyers = p.buyers + EXCLUDED.buyers
$$;
--> statement-breakpoint
-- Every change of a seller's month (an order placed, cancelled or deleted; a seller deleted) moves the platform's.
CREATE FUNCTION platform_stats_sellers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM platform_stats_add(OLD.month, platform_stats_slot(OLD.manufacturer_id), -OLD.sales, -OLD.orders, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM platform_stats_add(NEW.month, platform_stats_slot(NEW.manufacturer_id), NEW.sales, NEW.orders, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_stats_platform AFTER INSERT OR UPDATE OR DELETE ON order_stats_monthly
FOR EACH ROW EXECUTE FUNCTION platform_stats_sellers();
--> statement-breakpoint
CREATE FUNCTION platform_stats_buyers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM platform_stats_add(OLD.month, platform_stats_slot(OLD.buyer_id), 0, 0, -1);
  ELSE
    PERFORM platform_stats_add(NEW.month, platform_stats_slot(NEW.buyer_id), 0, 0, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER buyer_activity_platform AFTER INSERT OR DELETE ON buyer_activity_monthly
FOR EACH ROW EXECUTE FUNCTION platform_stats_buyers();
--> statement-breakpoint
INSERT INTO platform_stats_monthly (month, slot, sales, orders, buyers)
SELECT month, slot, sum(sales), sum(orders), sum(buyers) FROM (
  SELECT month, platform_stats_slot(manufacturer_id) AS slot, sales, orders, 0 AS buyers FROM order_stats_monthly
  UNION ALL
  SELECT month, platform_stats_slot(buyer_id), 0, 0, 1 FROM buyer_activity_monthly
) d GROUP BY 1, 2;
