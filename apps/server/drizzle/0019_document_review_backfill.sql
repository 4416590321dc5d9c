-- Documents already on file when their seller's registration was decided carry that decision.
UPDATE "manufacturer_documents" AS d
SET "review_status" = CASE WHEN m."status" = 'rejected' THEN 'rejected' ELSE 'approved' END,
  "review_reason" = CASE WHEN m."status" = 'rejected' THEN m."status_reason" END,
  "reviewed_at" = m."reviewed_at"
FROM "manufacturers" AS m
WHERE m."id" = d."manufacturer_id"
  AND m."reviewed_at" IS NOT NULL
  AND d."created_at" <= m."reviewed_at"
  AND m."status" IN ('approved', 'suspended', 'rejected');
