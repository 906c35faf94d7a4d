-- 0001_initial: accounts, sessions, decks, matches and the match command log.
-- (schema_version is created by migrate() itself before any migration runs.)

CREATE TABLE players (
  id             bigserial PRIMARY KEY,
  username       text NOT NULL CHECK (length(username) > 0),
  username_lower text NOT NULL UNIQUE,
  password_hash  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (username_lower = lower(username))
);

-- Session tokens are stored only as a hash.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen  timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz NULL
);
CREATE INDEX sessions_player_idx ON sessions (player_id);

CREATE TABLE decks (
  id         bigserial PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game       text NOT NULL,
  name       text NOT NULL,
  body       text NOT NULL,
  card_count integer NOT NULL CHECK (card_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (player_id, game, name)
);

CREATE TABLE matches (
  id              bigserial PRIMARY KEY,
  room_id         text NOT NULL UNIQUE,
  game            text NOT NULL,
  room_name       text NOT NULL DEFAULT '',
  options_text    text NOT NULL DEFAULT '',
  seed_hex        text NOT NULL,
  seed_commitment text NOT NULL,
  status          text NOT NULL DEFAULT 'running'
                  CHECK (status IN ('running', 'finished', 'aborted')),
  result_text     text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz NULL
);
-- Crash recovery scans the running matches at start-up.
CREATE INDEX matches_running_idx ON matches (id) WHERE status = 'running';
CREATE INDEX matches_game_created_idx ON matches (game, created_at);

CREATE TABLE match_seats (
  match_id  bigint NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seat      integer NOT NULL CHECK (seat >= 0),
  player_id bigint NOT NULL REFERENCES players (id),
  username  text NOT NULL,
  deck_body text NOT NULL DEFAULT '',
  PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_player_idx ON match_seats (player_id);

-- The accepted command log: the replay source. idx is 1-based per match.
CREATE TABLE match_commands (
  match_id     bigint NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  idx          bigint NOT NULL CHECK (idx >= 1),
  seat         integer NOT NULL,
  command_text text NOT NULL,
  state_hash   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (match_id, idx)
);
