// Internal: the plan of a journal write and the memory of unfolded runs
// (see journal_plan.hpp).
#include "journal_plan.hpp"

#include <algorithm>
#include <limits>
#include <span>

#include "concord/persistence/command_batch.hpp"

namespace concord::persistence::detail {

// A batch's commands of one match, as runs of consecutive indexes (in
// append order; one run unless the indexes jump).
struct MatchRuns {
  std::int64_t match_id = 0;
  std::vector<EncodedRun> runs;
};

namespace {

// Matches remembered without unfolded runs, at most: beyond it they are
// forgotten (a match that ended outside the journal, e.g. by a judge's
// decision, would otherwise stay); a forgotten match's next run is a row.
constexpr std::size_t kMaxKnown = 65536;

std::vector<const CommandRecord*> sorted_commands(std::vector<const AppendCommand*>& appends) {
  std::stable_sort(appends.begin(), appends.end(),
                   [](const AppendCommand* a, const AppendCommand* b) { return a->match_id < b->match_id; });
  std::vector<const CommandRecord*> commands;
  commands.reserve(appends.size());
  for (const AppendCommand* append : appends) commands.push_back(&append->command);
  return commands;
}

// Appends to `out` (a match's runs) commands[begin, end), consecutive.
void add_run(std::vector<EncodedRun>& out, std::int64_t match_id, std::span<const CommandRecord* const> run) {
  EncodedRun encoded{match_id, run.front()->index, run.back()->index, {}};
  append_command_batch(encoded.payload, run);
  out.push_back(std::move(encoded));
}

// Appends `run` to the last of `segments` when it continues it.
void add_segment(std::vector<EncodedRun>& segments, const EncodedRun& run) {
  if (!segments.empty() && segments.back().last + 1 == run.first) {
    segments.back().last = run.last;
    segments.back().payload += run.payload;
    return;
  }
  segments.push_back(run);
}

std::vector<MatchRuns> group_by_match(std::vector<const AppendCommand*> appends) {
  const std::vector<const CommandRecord*> commands = sorted_commands(appends);
  std::vector<MatchRuns> matches;
  std::size_t begin = 0;
  for (std::size_t i = 1; i <= appends.size(); ++i) {
    const bool ends_run = i == appends.size() || appends[i]->match_id != appends[i - 1]->match_id ||
                          commands[i]->index != commands[i - 1]->index + 1;
    if (!ends_run) continue;
    const std::int64_t match_id = appends[begin]->match_id;
    if (matches.empty() || matches.back().match_id != match_id) matches.push_back({match_id, {}});
    add_run(matches.back().runs, match_id, std::span(commands).subspan(begin, i - begin));
    begin = i;
  }
  return matches;
}

}  // namespace

bool FoldState::blockable(const MatchRuns& batch) const {
  const auto known = known_.find(batch.match_id);
  if (known == known_.end() || batch.runs.size() != 1) return false;
  const EncodedRun& run = batch.runs.front();
  return run.first == known->second.next &&
         known->second.payload.size() + run.payload.size() <= limits_.max_unfolded_bytes;
}

// Matches with runs in a block written max_block_age blocks ago or more
// (idle ones, or long ones) are folded, so that the block can go.
void FoldState::add_old(std::map<std::int64_t, bool>& fold) const {
  const std::int64_t limit = newest_block_ - limits_.max_block_age;
  for (auto block = live_.begin(); block != live_.end() && block->first <= limit; ++block) {
    for (const std::int64_t match_id : block->second.matches) {
      const auto known = known_.find(match_id);
      if (known == known_.end()) continue;
      const auto& blocks = known->second.blocks;
      if (std::find(blocks.begin(), blocks.end(), block->first) != blocks.end()) fold.emplace(match_id, false);
    }
  }
}

// One row per consecutive segment of each folded match: its unfolded runs,
// then the batch's.
void FoldState::add_rows(JournalWrite& write, const std::map<std::int64_t, bool>& fold,
                         const std::vector<MatchRuns>& batch) const {
  auto in_batch = batch.begin();
  for (const auto& [match_id, forget] : fold) {
    while (in_batch != batch.end() && in_batch->match_id < match_id) ++in_batch;
    std::vector<EncodedRun> segments;
    const auto known = known_.find(match_id);
    if (known != known_.end() && known->second.first != 0) {
      const Known& k = known->second;
      segments.push_back({match_id, k.first, k.last, k.payload});
      write.folded.push_back(match_id);
    }
    if (in_batch != batch.end() && in_batch->match_id == match_id) {
      for (const EncodedRun& run : in_batch->runs) add_segment(segments, run);
      if (!forget) write.next_index.emplace_back(match_id, in_batch->runs.back().last + 1);
    }
    if (forget) write.forgotten.push_back(match_id);
    for (EncodedRun& segment : segments) write.rows.push_back(std::move(segment));
  }
}

void FoldState::add_drops(JournalWrite& write) const {
  std::map<std::int64_t, std::size_t> folding;
  for (const std::int64_t match_id : write.folded) {
    for (const std::int64_t block : known_.at(match_id).blocks) ++folding[block];
  }
  for (const auto& [block, count] : folding) {
    if (live_.at(block).unfolded == count) write.drops.push_back(block);
  }
}

JournalWrite FoldState::plan(const std::vector<const JournalEntry*>& entries) const {
  JournalWrite write;
  std::vector<const AppendCommand*> appends;
  std::map<std::int64_t, bool> fold;  // match -> forget it after the write
  for (const JournalEntry* entry : entries) {
    if (const auto* append = std::get_if<AppendCommand>(entry)) appends.push_back(append);
    if (const auto* finish = std::get_if<FinishMatch>(entry)) {
      write.finishes.push_back(finish);
      fold[finish->match_id] = true;
    }
    if (const auto* create = std::get_if<CreateMatch>(entry)) {
      write.creates.push_back(create);
      write.next_index.emplace_back(create->record.id, 1);
    }
    if (const auto* request = std::get_if<FoldMatch>(entry)) fold[request->match_id] = true;
  }
  add_old(fold);
  const std::vector<MatchRuns> batch = group_by_match(std::move(appends));
  std::vector<const MatchRuns*> for_blocks;
  for (const MatchRuns& runs : batch) {
    if (fold.count(runs.match_id) == 0 && blockable(runs)) {
      for_blocks.push_back(&runs);
    } else {
      fold.emplace(runs.match_id, false);
    }
  }
  if (for_blocks.size() < limits_.block_runs) {
    for (const MatchRuns* runs : for_blocks) fold.emplace(runs->match_id, false);
    for_blocks.clear();
  }
  add_rows(write, fold, batch);
  add_drops(write);
  for (const MatchRuns* runs : for_blocks) write.block.push_back(runs->runs.front());
  return write;
}

void FoldState::release(std::int64_t match_id) {
  const auto known = known_.find(match_id);
  if (known == known_.end()) return;
  Known& k = known->second;
  for (const std::int64_t block : k.blocks) {
    const auto live = live_.find(block);
    if (live != live_.end() && --live->second.unfolded == 0) live_.erase(live);
  }
  k.first = k.last = 0;
  k.payload.clear();
  k.blocks.clear();
}

void FoldState::written(const JournalWrite& write) {
  for (const std::int64_t match_id : write.folded) release(match_id);
  if (!write.block.empty()) {
    LiveBlock& live = live_[write.block_id];
    for (const EncodedRun& run : write.block) {
      Known& k = known_[run.match_id];
      if (k.first == 0) k.first = run.first;
      k.last = run.last;
      k.payload += run.payload;
      k.next = run.last + 1;
      k.blocks.push_back(write.block_id);
      live.matches.push_back(run.match_id);
    }
    live.unfolded = live.matches.size();
    newest_block_ = std::max(newest_block_, write.block_id);
  }
  for (const auto& [match_id, next] : write.next_index) known_[match_id].next = next;
  for (const std::int64_t match_id : write.forgotten) {
    release(match_id);
    known_.erase(match_id);
  }
  if (known_.size() > kMaxKnown) forget_idle();
}

void FoldState::forget_idle() {
  std::erase_if(known_, [](const auto& entry) { return entry.second.first == 0; });
}

JournalWrite direct_write(const std::vector<const JournalEntry*>& entries) {
  return FoldState({.block_runs = std::numeric_limits<std::size_t>::max()}).plan(entries);
}

}  // namespace concord::persistence::detail
