// Journal: the write-behind, group-commit journal thread.
#include "concord/persistence/journal.hpp"

#include <algorithm>
#include <iterator>

#include <spdlog/spdlog.h>

#include "journal_writer.hpp"

namespace concord::persistence {

namespace {

using Clock = std::chrono::steady_clock;

// Match ids reserved at a time: one query for this many matches.
constexpr std::size_t kReservedIds = 32;

void complete(const Journal::Completion& done, bool ok) {
  if (!done) return;
  try {
    done(ok);
  } catch (const std::exception& e) {
    spdlog::error("journal: completion threw: {}", e.what());
  } catch (...) {
    spdlog::error("journal: completion threw a non-standard exception");
  }
}

}  // namespace

void Journal::finish(const Item& item, bool ok) {
  if (!item.created) return complete(item.done, ok);
  const auto* create = std::get_if<CreateMatch>(&item.entry);
  const std::optional<std::int64_t> id =
      ok && create ? std::optional<std::int64_t>(create->record.id) : std::nullopt;
  try {
    item.created(id);
  } catch (const std::exception& e) {
    spdlog::error("journal: completion threw: {}", e.what());
  } catch (...) {
    spdlog::error("journal: completion threw a non-standard exception");
  }
}

Journal::Journal(DatabaseConfig config, JournalOptions options)
    : config_(std::move(config)), options_(options) {
  options_.max_batch = std::max<std::size_t>(1, options_.max_batch);
  options_.idle_probe = std::max(options_.idle_probe, std::chrono::milliseconds(10));
  thread_ = std::thread([this] { run(); });
}

Journal::~Journal() { stop(); }

void Journal::append(JournalEntry entry, Completion done) {
  enqueue({std::move(entry), std::move(done), Clock::now(), nullptr});
}

void Journal::create_match(MatchRecord record, Created done) {
  enqueue({CreateMatch{std::move(record)}, nullptr, Clock::now(), std::move(done)});
}

void Journal::enqueue(Item item) {
  std::unique_lock lock(mutex_);
  if (stopping_) {
    lock.unlock();
    spdlog::error("journal: append after stop");
    finish(item, false);
    return;
  }
  queue_.push_back(std::move(item));
  ++appended_;
  // Wake the thread for the first item of a batch and when a batch is full.
  const bool wake = queue_.size() == 1 || queue_.size() >= options_.max_batch;
  lock.unlock();
  if (wake) cv_.notify_one();
}

void Journal::stop() {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) stop_requested_ = Clock::now();
    stopping_ = true;
  }
  cv_.notify_all();
  std::lock_guard join_lock(join_mutex_);
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

JournalStats Journal::stats() const {
  JournalStats stats;
  stats.entries_written = written_.load();
  stats.entries_failed = failed_.load();
  stats.batches = batches_.load();
  const std::uint64_t done = stats.entries_written + stats.entries_failed;
  const std::uint64_t appended = appended_.load();
  stats.pending = appended > done ? appended - done : 0;
  stats.last_batch_seconds = last_batch_seconds_.load();
  return stats;
}

void Journal::run() {
  detail::JournalWriter writer(config_, options_, reachability_);
  std::deque<Item> batch;
  while (next_batch(batch)) {
    if (batch.empty()) {
      writer.probe();  // idle for idle_probe
      continue;
    }
    write_batch(writer, batch);
    batch.clear();
  }
}

bool Journal::give_up() const {
  std::lock_guard lock(mutex_);
  return stopping_ && Clock::now() - stop_requested_ >= options_.stop_deadline;
}

// Waits for a first item, then up to batch_window after it was appended (or
// until max_batch items are queued, or stop()), and takes up to max_batch
// items. Returns false once stopping with nothing left, and true with an
// empty batch after idle_probe without any item.
bool Journal::next_batch(std::deque<Item>& batch) {
  std::unique_lock lock(mutex_);
  const bool woken = cv_.wait_for(lock, options_.idle_probe, [this] { return stopping_ || !queue_.empty(); });
  if (!woken) return true;
  if (queue_.empty()) return false;
  // Waited only while the deadline is ahead: with no window (the server's
  // default) it has passed, and waiting on the condition would still cost a
  // futex call per batch.
  const auto deadline = queue_.front().enqueued + options_.batch_window;
  if (Clock::now() < deadline) {
    cv_.wait_until(lock, deadline, [this] { return stopping_ || queue_.size() >= options_.max_batch; });
  }
  const auto count = static_cast<std::ptrdiff_t>(std::min(queue_.size(), options_.max_batch));
  batch.insert(batch.end(), std::make_move_iterator(queue_.begin()),
               std::make_move_iterator(queue_.begin() + count));
  queue_.erase(queue_.begin(), queue_.begin() + count);
  return true;
}

// Gives every CreateMatch of the batch its id, reserving more ids first if
// too few are left. False when the database stayed unreachable until
// give_up(): the batch then fails whole.
bool Journal::give_ids(detail::JournalWriter& writer, std::deque<Item>& batch) {
  std::size_t needed = 0;
  for (const Item& item : batch) {
    if (const auto* create = std::get_if<CreateMatch>(&item.entry); create && create->record.id == 0) ++needed;
  }
  if (needed > spare_ids_.size()) {
    const auto more = writer.reserve_ids(detail::IdSequence::matches, std::max(needed - spare_ids_.size(), kReservedIds),
                                               [this] { return give_up(); });
    spare_ids_.insert(spare_ids_.end(), more.begin(), more.end());
    if (needed > spare_ids_.size()) return false;
  }
  for (Item& item : batch) {
    auto* create = std::get_if<CreateMatch>(&item.entry);
    if (!create || create->record.id != 0) continue;
    create->record.id = spare_ids_.front();
    spare_ids_.pop_front();
  }
  return true;
}

void Journal::write_batch(detail::JournalWriter& writer, std::deque<Item>& batch) {
  std::vector<bool> results(batch.size(), false);
  if (give_ids(writer, batch)) {
    std::vector<const JournalEntry*> entries;
    entries.reserve(batch.size());
    for (const Item& item : batch) entries.push_back(&item.entry);
    results = writer.write(entries, [this] { return give_up(); });
  }

  const std::chrono::duration<double> elapsed = Clock::now() - batch.front().enqueued;
  last_batch_seconds_ = elapsed.count();
  const auto ok = static_cast<std::uint64_t>(std::count(results.begin(), results.end(), true));
  written_ += ok;
  failed_ += results.size() - ok;
  ++batches_;
  for (std::size_t i = 0; i < batch.size(); ++i) finish(batch[i], results[i]);
}

}  // namespace concord::persistence
