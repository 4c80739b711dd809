-- The ledger is append-only (issue 10 §2): an entry is never edited nor deleted, a correction is a
-- new entry (a reversal, an adjustment). Refused for every role, whatever the code does; TRUNCATE
-- (an administrator's reset of a whole database, the test harness's) is not a row change and is
-- not refused.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
