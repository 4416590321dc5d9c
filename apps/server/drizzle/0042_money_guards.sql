-- What must never happen to money is refused by the database itself, whatever the code does (ADR 0038). The code
-- locks the order's row first in every command that moves its money and re-reads under that lock; these guards are
-- the second line: a bug, a manual statement or a new code path that forgets a lock is refused, not booked.

-- 1. Every journal entry balances: checked at commit (lines may be written in several statements of one
--    transaction), for the entry of every line inserted, changed or deleted.
CREATE FUNCTION journal_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e uuid := coalesce(NEW.entry_id, OLD.entry_id);
  s numeric;
BEGIN
  SELECT coalesce(sum(amount_paise), 0) INTO s FROM journal_lines WHERE entry_id = e;
  IF s <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance: its lines sum to % paise', e, s
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entry_balances';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entry_balances AFTER INSERT OR UPDATE OR DELETE ON journal_lines
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balances();
--> statement-breakpoint
-- 2. An order's escrow never goes below zero (escrow sits on the credit side: held = minus the sum of its lines).
--    The order's row is locked first, as every money command does, so two transactions adding to one order's
--    escrow are checked one after the other, each seeing what the other committed.
CREATE FUNCTION order_escrow_not_negative() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s numeric;
BEGIN
  IF NEW.account <> 'escrow' OR NEW.order_id IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM orders WHERE id = NEW.order_id FOR NO KEY UPDATE;
  SELECT coalesce(sum(amount_paise), 0) INTO s FROM journal_lines WHERE order_id = NEW.order_id AND account = 'escrow';
  IF s > 0 THEN
    RAISE EXCEPTION 'escrow of order % would be % paise below zero', NEW.order_id, s
      USING ERRCODE = 'check_violation', CONSTRAINT = 'order_escrow_not_negative';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_escrow_not_negative AFTER INSERT OR UPDATE ON journal_lines
FOR EACH ROW EXECUTE FUNCTION order_escrow_not_negative();
--> statement-breakpoint
-- 3. Refunds of a payment never add up to more than it captured (a flagged capture: what the provider took).
--    The attempt's row is locked, so concurrent refunds of one payment are summed one after the other.
CREATE FUNCTION refunds_within_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cap numeric;
  total numeric;
BEGIN
  SELECT coalesce(flagged_paise, amount_paise) INTO cap FROM payment_attempts WHERE id = NEW.attempt_id FOR NO KEY UPDATE;
  SELECT coalesce(sum(amount_paise), 0) INTO total FROM refunds WHERE attempt_id = NEW.attempt_id;
  IF total > cap THEN
    RAISE EXCEPTION 'refunds of payment % would total % paise, more than the % it captured', NEW.attempt_id, total, cap
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_within_capture';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER refunds_within_capture AFTER INSERT OR UPDATE OF amount_paise, attempt_id ON refunds
FOR EACH ROW EXECUTE FUNCTION refunds_within_capture();
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("amount_paise" > 0);
--> statement-breakpoint
-- 4. A payment try outlives the order's pending payment row: cancelling an unpaid order deleted the row, and with it
--    (cascade) the gateway order the buyer was still paying, so a capture after cancellation found no attempt and
--    the money stayed unbooked. The attempt now stays, and its capture is booked and refunded.
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "payment_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;
