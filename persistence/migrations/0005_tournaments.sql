-- 0005: tournaments and ratings: what the server persists of the events that
-- rules/tournament runs (concord::tournament), and Glicko-2 ratings per game.

-- The organizer capability, granted by an admin (GrantOrganizer).
CREATE TABLE organizers (
  player_id  bigint PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  granted_by bigint NULL REFERENCES players (id) ON DELETE SET NULL,
  granted_at timestamptz NOT NULL DEFAULT now()
);

-- An event. `settings` is the organizer's TournamentSettings as "key=value"
-- lines (options as "option.<name>=<value>", staff as "staff=<id>,<id>");
-- the seed is committed at the start (seed_commitment) and revealed with
-- the end (seed_hex stays in the row from the start: only the commitment is
-- published before the end).
CREATE TABLE tournaments (
  id              bigserial PRIMARY KEY,
  name            text NOT NULL,
  game            text NOT NULL,
  organizer_id    bigint NOT NULL REFERENCES players (id),
  settings        text NOT NULL,
  status          text NOT NULL CHECK (status IN ('announced', 'registration', 'registration_closed',
                                                  'running', 'top_cut', 'finished', 'cancelled')),
  seed_hex        text NOT NULL DEFAULT '',
  seed_commitment text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  started_at      timestamptz NULL,
  finished_at     timestamptz NULL
);
CREATE INDEX tournaments_open ON tournaments (status) WHERE status NOT IN ('finished', 'cancelled');

-- Entrants, with the frozen copy of the deck they registered.
CREATE TABLE tournament_entrants (
  tournament_id bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  player_id     bigint NOT NULL REFERENCES players (id),
  registration  integer NOT NULL,          -- 0-based registration order
  first_round   integer NOT NULL DEFAULT 1, -- > 1: a late entry
  dropped       boolean NOT NULL DEFAULT false,
  deck_body     text NOT NULL DEFAULT '',  -- rules::Deck::to_text(), frozen
  registered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tournament_id, player_id),
  UNIQUE (tournament_id, registration)
);

-- The tables of each round (Swiss, round robin, or a top-cut round): who
-- plays whom, and when the table's time runs out (round time plus a judge's
-- extensions). second_id NULL = a bye.
CREATE TABLE tournament_tables (
  tournament_id bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round         integer NOT NULL CHECK (round >= 1),
  table_no      integer NOT NULL CHECK (table_no >= 1),
  top_cut       boolean NOT NULL DEFAULT false,
  first_id      bigint NOT NULL REFERENCES players (id),
  second_id     bigint NULL REFERENCES players (id),
  ends_at       timestamptz NULL,
  ended         boolean NOT NULL DEFAULT false,   -- ended as it stood (time, judge)
  PRIMARY KEY (tournament_id, round, table_no)
);

-- Every game of a table: the room and match it was played in, and its result.
CREATE TABLE tournament_games (
  tournament_id bigint NOT NULL,
  round         integer NOT NULL,
  table_no      integer NOT NULL,
  game_no       integer NOT NULL CHECK (game_no >= 1),
  room_id       text NOT NULL,
  match_id      bigint NULL REFERENCES matches (id),
  winner_side   text NULL CHECK (winner_side IN ('first', 'second', 'draw')),  -- NULL: being played
  reason        text NOT NULL DEFAULT '',
  PRIMARY KEY (tournament_id, round, table_no, game_no),
  FOREIGN KEY (tournament_id, round, table_no)
    REFERENCES tournament_tables (tournament_id, round, table_no) ON DELETE CASCADE
);
CREATE INDEX tournament_games_match ON tournament_games (match_id);

-- The standings published after each round (a snapshot as text).
CREATE TABLE tournament_standings (
  tournament_id bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round         integer NOT NULL,
  body          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tournament_id, round)
);

-- Glicko-2 ratings per player and game, and their history.
CREATE TABLE ratings (
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game       text NOT NULL,
  rating     double precision NOT NULL,
  deviation  double precision NOT NULL,
  volatility double precision NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, game)
);

CREATE TABLE rating_history (
  id         bigserial PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game       text NOT NULL,
  match_id   bigint NULL REFERENCES matches (id) ON DELETE SET NULL,
  rating     double precision NOT NULL,
  deviation  double precision NOT NULL,
  volatility double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rating_history_player ON rating_history (player_id, game, id);
