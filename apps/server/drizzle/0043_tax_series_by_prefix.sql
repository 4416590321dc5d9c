-- A document series is counted per prefix (issue 29): a seller whose series reached 99,999 chooses a new prefix in
-- Settings and its count starts at 1 (CGST Rule 46(b) allows one or more consecutive series in a financial year).
-- The counters existing so far are taken to be those of the seller's current prefix, and every prefix already used
-- on an issued document of the year gets a counter at its highest number, so going back to an old prefix never
-- issues a number twice.
ALTER TABLE "tax_document_counters" ADD COLUMN "prefix" text;
--> statement-breakpoint
UPDATE "tax_document_counters" c SET "prefix" = coalesce(
  (SELECT CASE c."kind" WHEN 'invoice' THEN s."invoice_prefix" WHEN 'credit_note' THEN s."credit_note_prefix"
     ELSE s."debit_note_prefix" END
   FROM "seller_tax_settings" s WHERE s."manufacturer_id" = c."manufacturer_id"),
  CASE c."kind" WHEN 'invoice' THEN 'INV' WHEN 'credit_note' THEN 'CN' ELSE 'DN' END);
--> statement-breakpoint
ALTER TABLE "tax_document_counters" ALTER COLUMN "prefix" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "tax_document_counters" DROP CONSTRAINT "tax_document_counters_manufacturer_id_financial_year_kind_pk";
--> statement-breakpoint
ALTER TABLE "tax_document_counters" ADD CONSTRAINT "tax_document_counters_manufacturer_id_financial_year_kind_prefix_pk" PRIMARY KEY("manufacturer_id","financial_year","kind","prefix");
--> statement-breakpoint
INSERT INTO "tax_document_counters" ("manufacturer_id", "financial_year", "kind", "prefix", "last_number")
SELECT "manufacturer_id", "financial_year", "kind", split_part("number", '/', 1), max(split_part("number", '/', 3)::integer)
FROM "tax_documents"
WHERE "number" ~ '^[A-Z0-9-]{1,5}/[0-9]{4}/[0-9]{5}$'
GROUP BY "manufacturer_id", "financial_year", "kind", split_part("number", '/', 1)
ON CONFLICT ("manufacturer_id", "financial_year", "kind", "prefix")
DO UPDATE SET "last_number" = greatest("tax_document_counters"."last_number", excluded."last_number");
