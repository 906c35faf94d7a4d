-- 0004: clocks and rollbacks (protocol/README.md section 11).

-- A judge's time extension (ExtendTime) is a judge action too: the seat and
-- the milliseconds added (detail) are replayed by recovery.
ALTER TABLE judge_actions DROP CONSTRAINT judge_actions_kind_check;
ALTER TABLE judge_actions ADD CONSTRAINT judge_actions_kind_check
  CHECK (kind IN ('pause', 'resume', 'penalty', 'result', 'extend'));

-- A judge backed a match up from command index from_idx to to_idx
-- (RollbackMatch). The commands it voided are kept below, never deleted.
CREATE TABLE match_rollbacks (
  id         bigserial PRIMARY KEY,
  match_id   bigint NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  room_id    text NOT NULL,
  judge_id   bigint NOT NULL REFERENCES players (id),
  from_idx   bigint NOT NULL,
  to_idx     bigint NOT NULL CHECK (to_idx >= 0 AND to_idx < from_idx),
  reason     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX match_rollbacks_match ON match_rollbacks (match_id, id);

-- The commands a rollback voided (to_idx+1 .. from_idx), moved out of the
-- live log in the rollback's own transaction, in the encoding of
-- match_command_batches (one row per rollback). Recovery reads only the live
-- log; the match log a judge reads (RequestMatchLog) shows both.
CREATE TABLE match_voided_commands (
  rollback_id bigint PRIMARY KEY REFERENCES match_rollbacks (id) ON DELETE CASCADE,
  match_id    bigint NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  first_idx   bigint NOT NULL CHECK (first_idx >= 1),
  last_idx    bigint NOT NULL,
  payload     text NOT NULL,
  CHECK (last_idx >= first_idx)
);
CREATE INDEX match_voided_commands_match ON match_voided_commands (match_id);
