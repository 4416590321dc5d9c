-- Who may move money (issue 28): each administrator has a role, and a refund or payout above the site's four-eyes
-- amount waits for a second administrator's approval.

-- 1. The admin's role. Only administrators have one, and every administrator has one: the admins of before become
--    owners (nothing they did is taken away), and an administrator inserted without a role (the ADMIN_EMAIL
--    bootstrap at start, the demo seed) is an owner too. The console's invitation always names the role.
ALTER TABLE "users" ADD COLUMN "admin_role" text;
--> statement-breakpoint
UPDATE "users" SET "admin_role" = 'owner' WHERE "role" = 'admin';
--> statement-breakpoint
CREATE FUNCTION users_admin_role_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'admin' AND NEW.admin_role IS NULL THEN
    NEW.admin_role := 'owner';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_admin_role_default BEFORE INSERT ON "users"
FOR EACH ROW EXECUTE FUNCTION users_admin_role_default();
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_role_check" CHECK (
  ("role" = 'admin' AND "admin_role" IN ('owner', 'finance', 'support', 'moderator'))
  OR ("role" <> 'admin' AND "admin_role" IS NULL)
);
--> statement-breakpoint
-- 2. Money commands waiting for a second admin: who asked, what, how much, why; who decided, when, and what the
--    approval executed. The requester can never be the approver (also checked by the code, with a message).
CREATE TABLE "money_approvals" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "order_id" uuid REFERENCES "orders"("id") ON DELETE CASCADE,
  "settlement_id" uuid REFERENCES "settlements"("id") ON DELETE CASCADE,
  "amount_paise" bigint NOT NULL,
  "reason" text NOT NULL,
  "utr" text,
  "requested_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "decision_note" text,
  "result" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  CONSTRAINT "money_approvals_kind_check" CHECK ("kind" IN ('refund', 'payout_paid', 'payout_provider')),
  CONSTRAINT "money_approvals_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected')),
  CONSTRAINT "money_approvals_subject_check" CHECK (
    ("kind" = 'refund' AND "order_id" IS NOT NULL) OR ("kind" <> 'refund' AND "settlement_id" IS NOT NULL)
  ),
  CONSTRAINT "money_approvals_amount_check" CHECK ("amount_paise" > 0),
  CONSTRAINT "money_approvals_four_eyes_check" CHECK ("decided_by" IS NULL OR "decided_by" <> "requested_by")
);
--> statement-breakpoint
CREATE INDEX "money_approvals_status_idx" ON "money_approvals" USING btree ("status","created_at");
