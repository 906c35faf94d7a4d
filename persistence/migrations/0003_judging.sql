-- 0003: judges (protocol/README.md section 11).

-- The server-wide judge capability, granted by an admin over the protocol.
-- (Judges named by the server flag --judges are not stored here.)
CREATE TABLE judges (
  player_id  bigint PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  granted_by bigint NULL REFERENCES players (id) ON DELETE SET NULL,
  granted_at timestamptz NOT NULL DEFAULT now()
);

-- Every judge view that revealed hidden information: who saw which match at
-- which command index, and when.
CREATE TABLE judge_view_audit (
  id            bigserial PRIMARY KEY,
  judge_id      bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  room_id       text NOT NULL,
  match_id      bigint NULL REFERENCES matches (id) ON DELETE CASCADE,
  command_index bigint NOT NULL,
  viewed_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX judge_view_audit_match ON judge_view_audit (match_id, command_index);

-- What judges did to a match: pause, resume, penalty, result. Penalties carry
-- the seat, its player, the category and the penalty of the ladder.
CREATE TABLE judge_actions (
  id            bigserial PRIMARY KEY,
  match_id      bigint NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  room_id       text NOT NULL,
  judge_id      bigint NOT NULL REFERENCES players (id),
  command_index bigint NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('pause', 'resume', 'penalty', 'result')),
  seat          integer NULL,
  player_id     bigint NULL REFERENCES players (id),
  category      text NOT NULL DEFAULT '',
  penalty       text NOT NULL DEFAULT '',
  detail        text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX judge_actions_match ON judge_actions (match_id, id);

-- Calls for a judge, per room, with their resolution.
CREATE TABLE judge_calls (
  id          bigserial PRIMARY KEY,
  room_id     text NOT NULL,
  match_id    bigint NULL REFERENCES matches (id) ON DELETE SET NULL,
  caller_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  text        text NOT NULL,
  status      text NOT NULL CHECK (status IN ('open', 'taken', 'resolved')),
  taken_by    bigint NULL REFERENCES players (id),
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  taken_at    timestamptz NULL,
  resolved_at timestamptz NULL
);
CREATE INDEX judge_calls_open ON judge_calls (status) WHERE status <> 'resolved';

-- A result a judge decided or corrected (OverrideResult, or a penalty that
-- ended the match): what tournaments read.
ALTER TABLE matches
  ADD COLUMN result_judge_id bigint NULL REFERENCES players (id);
