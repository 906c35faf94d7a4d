// Internal: the SQL the journal runs for one batch (see journal_sql.hpp).
#include "journal_sql.hpp"

#include <array>
#include <map>
#include <string>

#include "journal_blocks.hpp"
#include "sql_array.hpp"

namespace concord::persistence::detail {

namespace {

struct RunColumns {
  std::string matches, firsts, lasts, payloads;
};

RunColumns columns_of(const std::vector<EncodedRun>& rows) {
  ArrayLiteral matches, firsts, lasts, payloads;
  for (const EncodedRun& row : rows) {
    matches.add(row.match_id);
    firsts.add(row.first);
    lasts.add(row.last);
    payloads.add(row.payload);
  }
  return {matches.take(), firsts.take(), lasts.take(), payloads.take()};
}

// A batch is written by one prepared statement, committed on its own (a
// commit costs PostgreSQL far more CPU than a batch's rows). Its shape says
// which of the five parts the batch holds, and each shape is its own
// statement (parsed and planned once per connection), with parameters for
// its parts only:
//  - runs of commands as rows (four parallel arrays: match_command_batches);
//  - ends of matches (three arrays: an UPDATE of matches, and a check that
//    each ended match exists: concord_journal_check, migration 0006);
//  - new matches and their seats (eleven and five arrays);
//  - a block (its id and its payload: a journal_blocks row, migration 0008);
//  - blocks to drop, their runs all folded (an array of ids).
// A batch of rows alone is a plain INSERT, the cheapest statement (a batch
// holds one command when the server is not busy).
//
// The statements do not skip stored rows. If one is stored already (an
// in-doubt commit written again), the statement fails whole on the unique
// key and the batch goes through the checked statement of its shape. That
// one skips stored rows (ON CONFLICT DO NOTHING): a skipped run must already
// be stored exactly the same (the join on match_command_batches sees the
// rows from before the statement, and runs only when a run was skipped),
// and a different command at a used index fails the whole statement. A new
// match's id and a block's id are reserved by this journal alone, so a
// stored match or block under it must be its own earlier write, with the
// same seed or payload; another fails the whole statement. Skipping costs an
// index probe and an extra WAL record per row: about 13% of the journal's
// backend in a profile with 100 short matches (most batches ended one).
struct Shape {
  bool runs = false, ends = false, creates = false, block = false, drops = false, checked = false;

  static constexpr int kCount = 64;
  // One bit per part, runs the lowest.
  static Shape of(int index) {
    const auto bit = [index](int b) { return (index & (1 << b)) != 0; };
    return {bit(0), bit(1), bit(2), bit(3), bit(4), bit(5)};
  }
  int index() const {
    int index = 0;
    for (const bool part : {checked, drops, block, creates, ends, runs}) index = index << 1 | (part ? 1 : 0);
    return index;
  }
  std::string name() const { return "concord_journal_" + std::to_string(index()); }
};

// Numbers a statement's parameters in the order its parts take them.
class Params {
 public:
  std::string next(const char* type) { return "$" + std::to_string(++count_) + "::" + type; }

 private:
  int count_ = 0;
};

constexpr const char* kRunsInto = "INSERT INTO match_command_batches (match_id, first_idx, last_idx, payload)";

// (The parameters are numbered in separate statements: the operands of +
// are evaluated in no set order.)
std::string runs_unnest(Params& p, std::string& runs_array) {
  runs_array = p.next("bigint[]");
  std::string arrays = runs_array;
  for (const char* type : {"bigint[]", "bigint[]", "text[]"}) arrays += ", " + p.next(type);
  return "unnest(" + arrays + ")";
}

std::string runs_cte(const Shape& shape, Params& p, std::string& runs_array) {
  const std::string arrays = runs_unnest(p, runs_array);
  if (!shape.checked) return std::string(" runs AS (") + kRunsInto + " SELECT * FROM " + arrays + ")";
  return " v AS (SELECT * FROM " + arrays + " AS v(match_id, first_idx, last_idx, payload)), runs AS (" + kRunsInto +
         " SELECT * FROM v ON CONFLICT (match_id, first_idx) DO NOTHING RETURNING 1)";
}

std::string runs_check(const std::string& runs_array) {
  return "CASE WHEN (SELECT count(*) FROM runs) = cardinality(" + runs_array + ") THEN true"
         " ELSE concord_journal_check((SELECT count(*) FROM runs) + (SELECT count(*) FROM match_command_batches b"
         "  JOIN v ON b.match_id = v.match_id AND b.first_idx = v.first_idx"
         "  WHERE b.last_idx = v.last_idx AND b.payload = v.payload) = cardinality(" + runs_array + "),"
         "  'a command index is already used by a different command') END";
}

std::string ends_cte(Params& p, std::string& ends_array) {
  ends_array = p.next("bigint[]");
  std::string arrays = ends_array;
  for (const char* type : {"text[]", "text[]"}) arrays += ", " + p.next(type);
  return " ends AS (UPDATE matches m SET status = e.status, result_text = e.result_text, finished_at = now()"
         " FROM unnest(" + arrays + ") AS e(id, status, result_text) WHERE m.id = e.id RETURNING 1)";
}

std::string ends_check(const std::string& ends_array) {
  return "concord_journal_check((SELECT count(*) FROM ends) = cardinality(" + ends_array +
         "), 'cannot finish an unknown match')";
}

std::string creates_ctes(const Shape& shape, Params& p, std::string& ids_array, std::string& seeds_array) {
  // id, room_id, game, room_name, options_text, seed_hex, then the rest.
  ids_array = p.next("bigint[]");
  std::string match_arrays = ids_array;
  for (const char* type : {"text[]", "text[]", "text[]", "text[]"}) match_arrays += ", " + p.next(type);
  seeds_array = p.next("text[]");
  match_arrays += ", " + seeds_array;
  for (const char* type : {"text[]", "text[]", "bigint[]", "integer[]", "text[]"}) match_arrays += ", " + p.next(type);
  std::string seat_arrays = p.next("bigint[]");
  for (const char* type : {"integer[]", "bigint[]", "text[]", "text[]"}) seat_arrays += ", " + p.next(type);
  const char* skip_match = shape.checked ? " ON CONFLICT (id) DO NOTHING RETURNING 1" : "";
  const char* skip_seat = shape.checked ? " ON CONFLICT (match_id, seat) DO NOTHING" : "";
  return " made AS (INSERT INTO matches (id, room_id, game, room_name, options_text, seed_hex, seed_commitment,"
         " status, password_hash, creator_id, seat_count, settings_blob)"
         " SELECT c.id, c.room_id, c.game, c.room_name, c.options_text, c.seed_hex, c.seed_commitment, 'running',"
         " c.password_hash, NULLIF(c.creator_id, 0), NULLIF(c.seat_count, 0), c.settings_blob FROM unnest(" +
         match_arrays +
         ") AS c(id, room_id, game, room_name, options_text, seed_hex, seed_commitment, password_hash,"
         " creator_id, seat_count, settings_blob)" + skip_match + "),"
         " seated AS (INSERT INTO match_seats (match_id, seat, player_id, username, deck_body)"
         " SELECT * FROM unnest(" + seat_arrays + ")" + skip_seat + ")";
}

// A skipped match must be stored already with the same seed (each match's
// seed is drawn at random): the journal's own earlier write.
std::string creates_check(const std::string& ids_array, const std::string& seeds_array) {
  return "CASE WHEN (SELECT count(*) FROM made) = cardinality(" + ids_array + ") THEN true"
         " ELSE concord_journal_check((SELECT count(*) FROM made) + (SELECT count(*) FROM matches m"
         "  JOIN unnest(" + ids_array + ", " + seeds_array + ") AS c(id, seed_hex) ON m.id = c.id"
         "  WHERE m.seed_hex = c.seed_hex) = cardinality(" + ids_array + "),"
         "  'a match id is already used by a different match') END";
}

// The block is a plain text parameter, not an array: the server would
// otherwise parse its kilobytes character by character (array_in).
std::string block_cte(const Shape& shape, Params& p, std::string& id, std::string& payload) {
  id = p.next("bigint");
  payload = p.next("text");
  return " block AS (INSERT INTO journal_blocks (id, payload) VALUES (" + id + ", " + payload + ")" +
         (shape.checked ? " ON CONFLICT (id) DO NOTHING RETURNING 1)" : ")");
}

std::string block_check(const std::string& id, const std::string& payload) {
  return "CASE WHEN EXISTS (SELECT 1 FROM block) THEN true"
         " ELSE concord_journal_check(EXISTS (SELECT 1 FROM journal_blocks WHERE id = " + id + " AND payload = " +
         payload + "), 'a journal block id is already used by a different block') END";
}

// A block already dropped (an in-doubt commit written again) is not there:
// nothing to check.
std::string drops_cte(Params& p) {
  return " dropped AS (DELETE FROM journal_blocks WHERE id = ANY(" + p.next("bigint[]") + "))";
}

std::string statement_sql(const Shape& shape) {
  Params p;
  if (shape.runs && !shape.ends && !shape.creates && !shape.block && !shape.drops && !shape.checked) {
    std::string runs_array;
    return std::string(kRunsInto) + " SELECT * FROM " + runs_unnest(p, runs_array);
  }
  std::vector<std::string> ctes, checks;
  std::string runs_array, ends_array;
  if (shape.runs) {
    ctes.push_back(runs_cte(shape, p, runs_array));
    if (shape.checked) checks.push_back(runs_check(runs_array));
  }
  if (shape.ends) {
    ctes.push_back(ends_cte(p, ends_array));
    checks.push_back(ends_check(ends_array));
  }
  if (shape.creates) {
    std::string ids_array, seeds_array;
    ctes.push_back(creates_ctes(shape, p, ids_array, seeds_array));
    if (shape.checked) checks.push_back(creates_check(ids_array, seeds_array));
  }
  if (shape.block) {
    std::string id, payload;
    ctes.push_back(block_cte(shape, p, id, payload));
    if (shape.checked) checks.push_back(block_check(id, payload));
  }
  if (shape.drops) ctes.push_back(drops_cte(p));
  std::string sql = ctes.empty() ? "" : "WITH";
  for (std::size_t i = 0; i < ctes.size(); ++i) sql += (i ? "," : "") + ctes[i];
  sql += ctes.empty() ? "SELECT " : " SELECT ";
  if (checks.empty()) checks.push_back("true");
  for (std::size_t i = 0; i < checks.size(); ++i) sql += (i ? " AND " : "") + checks[i];
  return sql;
}

// The statement of a shape, prepared on first use on this connection (pqxx
// ignores a repeated identical prepare()); the SQL is put together once.
std::string prepare_statement(pqxx::connection& conn, const Shape& shape) {
  static const std::array<std::string, Shape::kCount> sql = [] {
    std::array<std::string, Shape::kCount> all;
    for (int i = 0; i < Shape::kCount; ++i) all[static_cast<std::size_t>(i)] = statement_sql(Shape::of(i));
    return all;
  }();
  const std::string name = shape.name();
  conn.prepare(name, sql[static_cast<std::size_t>(shape.index())]);
  return name;
}

// One end per match: the last one appended wins, as if each were applied in turn.
void add_ends(const std::vector<const FinishMatch*>& finishes, std::vector<std::string>& params) {
  std::map<std::int64_t, const FinishMatch*> last;
  for (const FinishMatch* finish : finishes) last[finish->match_id] = finish;
  ArrayLiteral matches, statuses, results;
  for (const auto& [match_id, finish] : last) {
    matches.add(match_id);
    statuses.add(finish->status);
    results.add(finish->result_text);
  }
  for (ArrayLiteral* column : {&matches, &statuses, &results}) params.push_back(column->take());
}

void add_creates(const std::vector<const CreateMatch*>& creates, std::vector<std::string>& params) {
  ArrayLiteral ids, rooms, games, names, options, seeds, commitments, passwords, creators, seat_counts, blobs;
  ArrayLiteral seat_matches, seats, players, usernames, decks;
  for (const CreateMatch* create : creates) {
    const MatchRecord& m = create->record;
    ids.add(m.id);
    rooms.add(m.room_id);
    games.add(m.game);
    names.add(m.room_name);
    options.add(m.options_text);
    seeds.add(m.seed_hex);
    commitments.add(m.seed_commitment);
    passwords.add(m.password_hash);
    creators.add(m.creator_id);
    seat_counts.add(std::int64_t{m.seat_count});
    blobs.add(m.settings_blob);
    for (const MatchSeatRecord& seat : m.seats) {
      seat_matches.add(m.id);
      seats.add(std::int64_t{seat.seat});
      players.add(seat.player_id);
      usernames.add(seat.username);
      decks.add(seat.deck_body);
    }
  }
  for (ArrayLiteral* column : {&ids, &rooms, &games, &names, &options, &seeds, &commitments, &passwords, &creators,
                               &seat_counts, &blobs, &seat_matches, &seats, &players, &usernames, &decks}) {
    params.push_back(column->take());
  }
}

void add_block(const JournalWrite& write, std::vector<std::string>& params) {
  params.push_back(std::to_string(write.block_id));
  std::string payload;
  for (const EncodedRun& run : write.block) append_block_run(payload, run);
  params.push_back(std::move(payload));
}

std::vector<std::string> params_of(const JournalWrite& write) {
  std::vector<std::string> params;
  if (!write.rows.empty()) {
    RunColumns c = columns_of(write.rows);
    for (std::string* column : {&c.matches, &c.firsts, &c.lasts, &c.payloads}) params.push_back(std::move(*column));
  }
  if (!write.finishes.empty()) add_ends(write.finishes, params);
  if (!write.creates.empty()) add_creates(write.creates, params);
  if (!write.block.empty()) add_block(write, params);
  if (!write.drops.empty()) {
    ArrayLiteral drops;
    for (const std::int64_t id : write.drops) drops.add(id);
    params.push_back(drops.take());
  }
  return params;
}

}  // namespace

void write_journal(pqxx::connection& conn, const JournalWrite& write) {
  if (write.writes_nothing()) return;
  Shape shape{!write.rows.empty(), !write.finishes.empty(), !write.creates.empty(), !write.block.empty(),
              !write.drops.empty(), false};
  const std::vector<std::string> params = params_of(write);
  // If the connection breaks, the batch is written again and the rows
  // already there are skipped as the same.
  pqxx::nontransaction txn(conn, "journal");
  try {
    txn.exec_prepared(prepare_statement(conn, shape), pqxx::prepare::make_dynamic_params(params));
    return;
  } catch (const pqxx::unique_violation&) {
    // A row is stored already (an in-doubt commit written again, or a
    // different command): nothing was written; the checked statement
    // tells them apart.
  }
  shape.checked = true;
  txn.exec_prepared(prepare_statement(conn, shape), pqxx::prepare::make_dynamic_params(params));
}

void write_journal_entries(pqxx::connection& conn, const std::vector<const JournalEntry*>& entries) {
  write_journal(conn, direct_write(entries));
}

std::vector<std::int64_t> reserve_ids_sql(pqxx::connection& conn, IdSequence sequence, std::size_t count) {
  pqxx::nontransaction txn(conn, "journal ids");
  const char* sql = sequence == IdSequence::matches
                        ? "SELECT nextval('matches_id_seq') FROM generate_series(1, $1)"
                        : "SELECT nextval('journal_blocks_id_seq') FROM generate_series(1, $1)";
  const auto rows = txn.exec_params(sql, static_cast<std::int64_t>(count));
  std::vector<std::int64_t> ids;
  ids.reserve(rows.size());
  for (const auto& row : rows) ids.push_back(row[0].as<std::int64_t>());
  return ids;
}

}  // namespace concord::persistence::detail
