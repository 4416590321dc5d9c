-- Orders that already hold several open disputes (raised by simultaneous requests) keep one: the one under review,
-- else the oldest. The others' reasons are appended to its notes, then they are removed, so the index can be built.
WITH ranked AS (
  SELECT id, reason, created_at,
    row_number() OVER w AS n,
    first_value(id) OVER w AS keeper
  FROM disputes
  WHERE status IN ('open', 'under_review')
  WINDOW w AS (PARTITION BY order_id ORDER BY (status = 'under_review') DESC, created_at, id)
), merged AS (
  SELECT keeper,
    string_agg('[Merged duplicate raised ' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC] ' || reason,
      E'\n' ORDER BY created_at, id) AS text
  FROM ranked WHERE n > 1 GROUP BY keeper
)
UPDATE disputes d SET notes = concat_ws(E'\n', d.notes, m.text), updated_at = now() FROM merged m WHERE d.id = m.keeper;
--> statement-breakpoint
DELETE FROM disputes WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (PARTITION BY order_id ORDER BY (status = 'under_review') DESC, created_at, id) AS n
    FROM disputes WHERE status IN ('open', 'under_review')
  ) r WHERE n > 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_per_order" ON "disputes" USING btree ("order_id") WHERE "disputes"."status" in ('open', 'under_review');
