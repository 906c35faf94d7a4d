-- 0008: the journal's blocks.
--
-- Under load a group commit held one command of each of many matches, and
-- wrote one match_command_batches row (a heap tuple and an index entry) per
-- match: a row per command, about a third of what PostgreSQL spent per
-- command. The journal now writes such a commit's runs as ONE row here, and
-- folds each match's runs into a match_command_batches row of its own when
-- the match ends (or its unfolded runs grow large or old). A block is
-- deleted once every run in it is folded.
--
-- payload: for each run, "<match_id> <first_idx> <last_idx> <bytes>\n"
-- followed by that many bytes: the run's commands encoded as in a
-- match_command_batches row (concord/persistence/command_batch.hpp).
--
-- Readers see a match's commands in both tables (MatchRepository::commands).
-- At start-up, before recovery, the server folds every block left by the
-- previous process: the commands after a match's last folded index become
-- rows, and the blocks are deleted (journal_blocks.hpp).
CREATE TABLE journal_blocks (
  id      bigint PRIMARY KEY,
  payload text NOT NULL
) WITH (
  -- A block of a few kilobytes stays in the row: compressing it (TOAST's
  -- default above 2 kB) costs more CPU than it saves. A larger one is
  -- stored out of line, still uncompressed.
  toast_tuple_target = 8160
);
ALTER TABLE journal_blocks ALTER COLUMN payload SET STORAGE EXTERNAL;

-- Block ids are reserved ahead by the journal (like match ids), so that a
-- block written again after an in-doubt commit is recognised by its id.
CREATE SEQUENCE journal_blocks_id_seq;

-- A folded row holds a whole match's commands (the journal folds at about
-- 7 kB): kept in its row uncompressed, like a block.
ALTER TABLE match_command_batches SET (toast_tuple_target = 8160);

-- match_seats' foreign keys: each seat of each new match ran two referential
-- checks (row locks on its match and its player, with their WAL records),
-- 5% of the journal's backend under load. Seats are written only with their
-- match, in the same statement, for players the server authenticated;
-- neither matches nor players are ever deleted.
ALTER TABLE match_seats DROP CONSTRAINT match_seats_match_id_fkey;
ALTER TABLE match_seats DROP CONSTRAINT match_seats_player_id_fkey;
