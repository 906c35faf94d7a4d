-- 0006: cheaper journal batches.
--
-- The journal writes a batch (its commands and the ends of its matches) in
-- one statement, committed on its own. When the batch cannot be written as a
-- whole (a different command at a used index, the end of an unknown match)
-- the statement must fail and change nothing, so that the journal can write
-- the entries one by one: a batch committed in part would hold runs of
-- commands that the entries written alone no longer match.
-- concord_journal_check raises the error that undoes the statement.
CREATE FUNCTION concord_journal_check(ok boolean, problem text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ok THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', MESSAGE = 'journal: ' || problem;
  END IF;
  RETURN true;
END
$$;

-- match_command_batches.match_id no longer references matches: the check
-- locked the match's row (FOR KEY SHARE, a WAL record) for every row the
-- journal inserts, more than half of what inserting a row costs. Only the
-- journal writes these rows, for matches the server created (their ids come
-- from inserting the match). Deleting a match no longer deletes its commands:
-- delete them with it (DELETE FROM match_command_batches WHERE match_id = ..).
ALTER TABLE match_command_batches DROP CONSTRAINT match_command_batches_match_id_fkey;
