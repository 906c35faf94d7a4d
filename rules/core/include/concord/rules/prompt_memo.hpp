// PromptMemo: a match's open prompts, kept between state changes.
//
// A prompt is a function of the state alone, and a server asks for the same
// one several times per command: once to send it with the update, again when
// the answer arrives (rules::apply checks the answer's shape against it), and
// engines ask again inside submit(). For EVE a priority prompt lists every
// legal action, which is most of what a command costs the engine. An engine
// answers prompt() through get() and opens a Change around every state change
// (submit, concede): the memo is emptied when the change begins and when it
// ends, and is not used while it lasts, so no prompt of an older state is
// ever returned. A copy of the memo starts empty.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "concord/rules/types.hpp"

namespace concord::rules {

class PromptMemo {
 public:
  PromptMemo() = default;
  PromptMemo(const PromptMemo&) {}
  PromptMemo& operator=(const PromptMemo&) {
    forget();
    return *this;
  }

  // The seat's prompt: `make(seat)`'s answer (an optional<Prompt>),
  // computed once per state.
  template <typename Make>
  std::optional<Prompt> get(SeatIndex seat, Make&& make) const {
    const auto kept = shared(seat, std::forward<Make>(make));
    return kept ? std::optional<Prompt>(*kept) : std::nullopt;
  }

  // The same, the one kept (Match::shared_prompt): no copy.
  template <typename Make>
  std::shared_ptr<const Prompt> shared(SeatIndex seat, Make&& make) const {
    const auto wrap = [](std::optional<Prompt> made) {
      return made ? std::make_shared<const Prompt>(std::move(*made)) : nullptr;
    };
    if (seat < 0) return wrap(make(seat));
    const auto at = static_cast<std::size_t>(seat);
    std::uint64_t generation = 0;
    {
      std::lock_guard lock(mutex_);
      if (changing_ == 0 && at < known_.size() && known_[at]) return *known_[at];
      generation = generation_;
    }
    auto made = wrap(make(seat));  // unlocked: an engine may ask for other prompts meanwhile
    std::lock_guard lock(mutex_);
    if (changing_ == 0 && generation == generation_) {
      if (at >= known_.size()) known_.resize(at + 1);
      known_[at] = made;
    }
    return made;
  }

  // Open while the state changes: forgets now and at the end.
  class Change {
   public:
    explicit Change(const PromptMemo& memo) : memo_(memo) { memo_.begin(); }
    ~Change() { memo_.end(); }
    Change(const Change&) = delete;
    Change& operator=(const Change&) = delete;

   private:
    const PromptMemo& memo_;
  };

 private:
  void forget() {
    std::lock_guard lock(mutex_);
    ++generation_;
    known_.clear();
  }
  void begin() const {
    std::lock_guard lock(mutex_);
    ++changing_;
    ++generation_;
    known_.clear();
  }
  void end() const {
    std::lock_guard lock(mutex_);
    --changing_;
    ++generation_;
    known_.clear();
  }

  mutable std::mutex mutex_;
  mutable int changing_ = 0;
  mutable std::uint64_t generation_ = 0;  // changes with every forget, begin and end
  mutable std::vector<std::optional<std::shared_ptr<const Prompt>>> known_;  // per seat, once known (null: no prompt)
};

}  // namespace concord::rules
