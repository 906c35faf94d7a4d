-- 0007: indexes no query reads.
--
-- matches_game_created_idx (0001): no query filters or sorts matches by game
-- and creation time. Every match paid for it twice: an entry when the match
-- is created and another when it ends (the end's UPDATE changes status, named
-- by matches_running_idx's predicate, so it is never a HOT update and writes
-- a new entry into every index of the table).
DROP INDEX IF EXISTS matches_game_created_idx;

-- match_seats_player_idx (0001): seats are read by match only (through the
-- primary key). Players are never deleted, so the foreign key to players
-- never needs it either; every seat of every match wrote an entry.
DROP INDEX IF EXISTS match_seats_player_idx;
