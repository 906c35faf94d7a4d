// Internal: the SQL the journal runs for one batch (see journal_sql.hpp).
#include "journal_sql.hpp"

#include <map>
#include <string>

#include "concord/persistence/command_batch.hpp"

namespace concord::persistence::detail {

namespace {

constexpr const char* kInsertRuns = "concord_journal_insert_runs";
constexpr const char* kCheckRuns = "concord_journal_check_runs";

// One row to write: consecutive commands of one match.
struct Run {
  std::int64_t match_id = 0;
  std::int64_t first = 0;
  std::int64_t last = 0;
  std::vector<const CommandRecord*> commands;
};

// Splits the batch's commands into runs of consecutive indexes per match,
// keeping each match's append order.
std::vector<Run> runs_of(const std::vector<const AppendCommand*>& appends) {
  std::vector<Run> runs;
  std::map<std::int64_t, std::size_t> open;  // match -> its last run in `runs`
  for (const AppendCommand* append : appends) {
    const std::int64_t index = append->command.index;
    auto it = open.find(append->match_id);
    if (it != open.end() && runs[it->second].last + 1 == index) {
      Run& run = runs[it->second];
      run.last = index;
      run.commands.push_back(&append->command);
      continue;
    }
    open[append->match_id] = runs.size();
    runs.push_back({append->match_id, index, index, {&append->command}});
  }
  return runs;
}

// A PostgreSQL array literal of quoted elements: {"a","b\"c"}.
std::string array_literal(const std::vector<std::string>& items) {
  std::string out = "{";
  for (const std::string& item : items) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (const char c : item) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  out += '}';
  return out;
}

struct RunColumns {
  std::string matches, firsts, lasts, payloads;
};

RunColumns columns_of(const std::vector<Run>& runs) {
  std::vector<std::string> matches, firsts, lasts, payloads;
  for (const Run& run : runs) {
    matches.push_back(std::to_string(run.match_id));
    firsts.push_back(std::to_string(run.first));
    lasts.push_back(std::to_string(run.last));
    payloads.push_back(encode_command_batch(run.commands));
  }
  return {array_literal(matches), array_literal(firsts), array_literal(lasts), array_literal(payloads)};
}

// Both statements take the runs as four parallel arrays, so that one
// prepared statement (parsed and planned once per connection) writes a
// batch of any size. pqxx ignores a repeated identical prepare().
void prepare_statements(pqxx::connection& conn) {
  conn.prepare(kInsertRuns,
               "INSERT INTO match_command_batches (match_id, first_idx, last_idx, payload)"
               " SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[])"
               " ON CONFLICT (match_id, first_idx) DO NOTHING");
  conn.prepare(kCheckRuns,
               "SELECT count(*) FROM match_command_batches b"
               " JOIN unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[]) AS v(m, f, l, p)"
               " ON b.match_id = v.m AND b.first_idx = v.f WHERE b.last_idx = v.l AND b.payload = v.p");
}

// Runs skipped by ON CONFLICT must already be stored exactly the same (an
// in-doubt commit being written again); anything else is a different command
// at a used index.
void insert_runs(pqxx::transaction_base& txn, const std::vector<Run>& runs) {
  if (runs.empty()) return;
  const RunColumns c = columns_of(runs);
  const auto result = txn.exec_prepared(kInsertRuns, c.matches, c.firsts, c.lasts, c.payloads);
  if (result.affected_rows() == runs.size()) return;
  const auto same = txn.exec_prepared1(kCheckRuns, c.matches, c.firsts, c.lasts, c.payloads);
  if (same[0].as<std::size_t>() != runs.size()) {
    throw JournalRejected("journal: a command index is already used by a different command");
  }
}

void finish_match(pqxx::work& txn, const FinishMatch& finish) {
  const auto result = txn.exec_params(
      "UPDATE matches SET status = $2, result_text = $3, finished_at = now() WHERE id = $1",
      finish.match_id, finish.status, finish.result_text);
  if (result.affected_rows() != 1) {
    throw JournalRejected("journal: cannot finish unknown match " + std::to_string(finish.match_id));
  }
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
  if (finishes.empty()) {
    // The common batch: one statement, committed on its own (no BEGIN and
    // COMMIT round trips). If the connection breaks, the batch is written
    // again and the rows already there are skipped as the same.
    pqxx::nontransaction txn(conn, "journal");
    insert_runs(txn, runs_of(commands));
    return;
  }
  pqxx::work txn(conn, "journal");
  insert_runs(txn, runs_of(commands));
  for (const FinishMatch* finish : finishes) finish_match(txn, *finish);
  txn.commit();
}

}  // namespace concord::persistence::detail
