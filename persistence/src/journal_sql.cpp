// Internal: the SQL the journal runs for one batch (see journal_sql.hpp).
#include "journal_sql.hpp"

#include <algorithm>
#include <map>
#include <span>
#include <string>

#include "concord/persistence/command_batch.hpp"
#include "sql_array.hpp"

namespace concord::persistence::detail {

namespace {

constexpr const char* kInsertRuns = "concord_journal_insert_runs";
constexpr const char* kInsertRunsAndEnds = "concord_journal_insert_runs_and_ends";
constexpr const char* kWriteBatch = "concord_journal_write_batch";

// One row to write: consecutive commands of one match, commands[begin, end)
// of the batch's commands in match order.
struct Run {
  std::int64_t match_id = 0;
  std::int64_t first = 0;
  std::int64_t last = 0;
  std::size_t begin = 0, end = 0;
};

// The batch's commands grouped by match (each match's in append order) and
// their runs of consecutive indexes: sorted once instead of a map node per
// match, and each run a range of `commands` instead of a vector of its own.
struct Runs {
  std::vector<const CommandRecord*> commands;
  std::vector<Run> runs;
};

void runs_of(const std::vector<const AppendCommand*>& appends, Runs& out) {
  std::vector<const AppendCommand*> by_match(appends);
  std::stable_sort(by_match.begin(), by_match.end(),
                   [](const AppendCommand* a, const AppendCommand* b) { return a->match_id < b->match_id; });
  out.commands.clear();
  out.runs.clear();
  for (const AppendCommand* append : by_match) {
    const std::int64_t index = append->command.index;
    const std::size_t at = out.commands.size();
    out.commands.push_back(&append->command);
    if (!out.runs.empty()) {
      Run& run = out.runs.back();
      if (run.match_id == append->match_id && run.last + 1 == index) {
        run.last = index;
        run.end = at + 1;
        continue;
      }
    }
    out.runs.push_back({append->match_id, index, index, at, at + 1});
  }
}

struct RunColumns {
  std::string matches, firsts, lasts, payloads;
};

RunColumns columns_of(const Runs& runs) {
  ArrayLiteral matches, firsts, lasts, payloads;
  std::string payload;
  for (const Run& run : runs.runs) {
    matches.add(run.match_id);
    firsts.add(run.first);
    lasts.add(run.last);
    payload.clear();
    append_command_batch(payload, std::span(runs.commands).subspan(run.begin, run.end - run.begin));
    payloads.add(payload);
  }
  return {matches.take(), firsts.take(), lasts.take(), payloads.take()};
}

// A batch of commands alone is a plain INSERT (the cheapest statement: a
// batch holds one command when the server is not busy), and a batch that
// also ends matches the same INSERT with the UPDATE of the ended matches in
// one statement; if one of its runs is stored already, the statement fails
// whole and the batch goes through the checked statement below. Only that
// one skips stored runs (ON CONFLICT DO NOTHING), which costs an index probe
// and an extra WAL record per row: about 13% of the journal's backend in a
// profile with 100 short matches (most batches ended one); psql, batches of
// 20 runs and 8 ends: about 5% less backend CPU without it.
//
// The batch as one statement, committed on its own: the runs of commands
// (four parallel arrays) and the ends of matches (three more), so that one
// prepared statement (parsed and planned once per connection) writes a batch
// of any size in one round trip whether or not a match ends in it (BEGIN, an
// UPDATE per match and COMMIT were three more, and most batches end a match
// when many short matches run). A run skipped by ON CONFLICT must already be
// stored exactly the same (an in-doubt commit written again; the join on
// match_command_batches sees the rows from before the statement, and runs
// only when a run was skipped); a different command at a used index, or the
// end of an unknown match, fails the whole statement (concord_journal_check,
// migration 0006). pqxx ignores a repeated identical prepare().
// The pieces both statements that end matches share: the UPDATE of the
// ended matches ($5..$7) and the check that each of them exists.
constexpr const char* kRunsArrays = "unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[])";
constexpr const char* kInsertInto = "INSERT INTO match_command_batches (match_id, first_idx, last_idx, payload)";
constexpr const char* kEndsCte =
    " ends AS (UPDATE matches m SET status = e.status, result_text = e.result_text, finished_at = now()"
    " FROM unnest($5::bigint[], $6::text[], $7::text[]) AS e(id, status, result_text)"
    " WHERE m.id = e.id RETURNING 1)";
constexpr const char* kEndsCheck =
    " SELECT concord_journal_check((SELECT count(*) FROM ends) = cardinality($5::bigint[]),"
    "  'cannot finish an unknown match')";

// Put together once; prepare_statements runs before every batch.
void prepare_statements(pqxx::connection& conn) {
  static const std::string insert_runs = std::string(kInsertInto) + " SELECT * FROM " + kRunsArrays;
  static const std::string insert_runs_and_ends =
      std::string("WITH runs AS (") + insert_runs + ")," + kEndsCte + kEndsCheck;
  static const std::string write_batch =
      std::string("WITH v AS (SELECT * FROM ") + kRunsArrays +
                   " AS v(match_id, first_idx, last_idx, payload)),"
                   " runs AS (" + kInsertInto + " SELECT * FROM v ON CONFLICT (match_id, first_idx) DO NOTHING RETURNING 1)," +
                   kEndsCte + kEndsCheck +
                   " AND CASE WHEN (SELECT count(*) FROM runs) = cardinality($1::bigint[]) THEN true"
                   " ELSE concord_journal_check((SELECT count(*) FROM runs) + (SELECT count(*) FROM match_command_batches b"
                   "  JOIN v ON b.match_id = v.match_id AND b.first_idx = v.first_idx"
                   "  WHERE b.last_idx = v.last_idx AND b.payload = v.payload) = cardinality($1::bigint[]),"
                   "  'a command index is already used by a different command') END";
  conn.prepare(kInsertRuns, insert_runs);
  conn.prepare(kInsertRunsAndEnds, insert_runs_and_ends);
  conn.prepare(kWriteBatch, write_batch);
}

struct EndColumns {
  std::string matches, statuses, results;
};

// One end per match: the last one appended wins, as if each were applied in turn.
EndColumns columns_of(const std::vector<const FinishMatch*>& finishes) {
  std::map<std::int64_t, const FinishMatch*> last;
  for (const FinishMatch* finish : finishes) last[finish->match_id] = finish;
  std::vector<std::string> matches, statuses, results;
  for (const auto& [match_id, finish] : last) {
    matches.push_back(std::to_string(match_id));
    statuses.push_back(finish->status);
    results.push_back(finish->result_text);
  }
  return {array_literal(matches), array_literal(statuses), array_literal(results)};
}

void write_batch(pqxx::transaction_base& txn, const Runs& runs,
                 const std::vector<const FinishMatch*>& finishes) {
  const RunColumns c = columns_of(runs);
  const EndColumns e = columns_of(finishes);
  try {
    if (finishes.empty()) {
      txn.exec_prepared(kInsertRuns, c.matches, c.firsts, c.lasts, c.payloads);
    } else {
      txn.exec_prepared1(kInsertRunsAndEnds, c.matches, c.firsts, c.lasts, c.payloads, e.matches, e.statuses,
                         e.results);
    }
    return;
  } catch (const pqxx::unique_violation&) {
    // A run is stored already (an in-doubt commit written again, or a
    // different command): nothing was written; the checked statement
    // tells them apart.
  }
  txn.exec_prepared1(kWriteBatch, c.matches, c.firsts, c.lasts, c.payloads, e.matches, e.statuses, e.results);
}

}  // namespace

void write_journal_entries(pqxx::connection& conn, const std::vector<const JournalEntry*>& entries) {
  std::vector<const AppendCommand*> commands;
  std::vector<const FinishMatch*> finishes;
  for (const JournalEntry* entry : entries) {
    if (const auto* append = std::get_if<AppendCommand>(entry)) commands.push_back(append);
    if (const auto* finish = std::get_if<FinishMatch>(entry)) finishes.push_back(finish);
  }
  prepare_statements(conn);
  // If the connection breaks, the batch is written again and the rows
  // already there are skipped as the same.
  pqxx::nontransaction txn(conn, "journal");
  Runs runs;
  runs_of(commands, runs);
  write_batch(txn, runs, finishes);
}

}  // namespace concord::persistence::detail
