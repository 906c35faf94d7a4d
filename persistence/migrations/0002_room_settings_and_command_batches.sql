-- 0002: room settings kept with the match (so that recovery rebuilds private
-- rooms as private), and the journal's command log as one row per group
-- commit per match.

-- The room's settings. password_hash is a salted hash ("" = public room),
-- never the plaintext; creator_id and seat_count are NULL for matches written
-- before this migration (recovery then falls back to the seats it finds).
ALTER TABLE matches
  ADD COLUMN password_hash text NOT NULL DEFAULT '',
  ADD COLUMN creator_id    bigint NULL,
  ADD COLUMN seat_count    integer NULL CHECK (seat_count > 0),
  ADD COLUMN settings_blob text NOT NULL DEFAULT '';

-- The accepted command log, written by the journal: each row holds a run of
-- consecutive commands of one match (first_idx..last_idx, 1-based) that one
-- group commit made durable, encoded by concord/persistence/command_batch.hpp.
-- One row and one index entry per match per commit instead of one per command.
-- Rows of match_commands (0001) written before this migration stay and are
-- read together with these.
CREATE TABLE match_command_batches (
  match_id  bigint NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  first_idx bigint NOT NULL CHECK (first_idx >= 1),
  last_idx  bigint NOT NULL,
  payload   text NOT NULL,
  PRIMARY KEY (match_id, first_idx),
  CHECK (last_idx >= first_idx)
);
