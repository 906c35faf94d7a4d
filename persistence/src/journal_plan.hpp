// Internal: what one write of the journal holds, and the journal thread's
// memory of the runs it wrote into blocks and has not folded yet.
//
// A batch's commands become, per match, either a match_command_batches row
// or a run in a block (journal_blocks.hpp). A run goes into a block only
// when the journal wrote the match's previous command itself (so the run
// continues the match's log, and no other row can hold its indexes), and
// only when enough matches' runs do (a block with few runs costs about what
// their rows do). A match is folded (its runs in blocks, and the batch's,
// become one row of its own) when it ends, when asked (before a rollback),
// when its unfolded runs grow past a size, or when its oldest block grows
// old; a block is dropped once all of its runs are folded.
#pragma once

#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "concord/persistence/journal.hpp"
#include "journal_blocks.hpp"

namespace concord::persistence::detail {

struct JournalWrite {
  std::vector<EncodedRun> rows;                 // match_command_batches
  std::vector<EncodedRun> block;                // one journal_blocks row, by its runs
  std::int64_t block_id = 0;                    // given by the writer
  std::vector<std::int64_t> drops;              // blocks whose runs are all folded
  std::vector<const FinishMatch*> finishes;
  std::vector<const CreateMatch*> creates;
  // What the journal remembers once the write is committed:
  std::vector<std::int64_t> folded;     // matches whose unfolded runs `rows` holds
  std::vector<std::int64_t> forgotten;  // ended, or folded on request
  std::vector<std::pair<std::int64_t, std::int64_t>> next_index;  // match, the index its next run must have

  bool writes_nothing() const {
    return rows.empty() && block.empty() && drops.empty() && finishes.empty() && creates.empty();
  }
};

struct FoldLimits {
  std::size_t block_runs = 4;              // fewer runs than this for a block: rows instead
  std::size_t max_unfolded_bytes = 7000;   // a match's unfolded runs, at most
  std::int64_t max_block_age = 1024;       // blocks written since a match's oldest one, at most
};

struct MatchRuns;  // a batch's commands of one match (journal_plan.cpp)

class FoldState {
 public:
  explicit FoldState(FoldLimits limits) : limits_(limits) {}

  // The write of these entries; the block's id is left for the writer to give.
  JournalWrite plan(const std::vector<const JournalEntry*>& entries) const;
  // The write is committed: remember what it left unfolded.
  void written(const JournalWrite& write);
  std::size_t live_blocks() const { return live_.size(); }

 private:
  // A match whose previous command the journal wrote, and its runs in
  // blocks (first..last, payload) if any.
  struct Known {
    std::int64_t next = 0;
    std::int64_t first = 0;  // 0: nothing unfolded
    std::int64_t last = 0;
    std::string payload;
    std::vector<std::int64_t> blocks;
  };
  struct LiveBlock {
    std::vector<std::int64_t> matches;
    std::size_t unfolded = 0;  // how many of them are not folded yet
  };
  bool blockable(const MatchRuns& runs) const;
  void add_old(std::map<std::int64_t, bool>& fold) const;
  void add_rows(JournalWrite& write, const std::map<std::int64_t, bool>& fold,
                const std::vector<MatchRuns>& batch) const;
  void add_drops(JournalWrite& write) const;
  void release(std::int64_t match_id);
  void forget_idle();

  FoldLimits limits_;
  std::unordered_map<std::int64_t, Known> known_;
  std::map<std::int64_t, LiveBlock> live_;
  std::int64_t newest_block_ = 0;
};

// The entries as match_command_batches rows only, without memory (one-off
// writes outside the journal thread).
JournalWrite direct_write(const std::vector<const JournalEntry*>& entries);

}  // namespace concord::persistence::detail
