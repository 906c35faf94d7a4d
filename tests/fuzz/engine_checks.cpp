// The invariant checks (see engine_checks.hpp).
#include "engine_checks.hpp"

#include <cstdio>
#include <cstdlib>
#include <set>

namespace concord::fuzz {

namespace {

bool journal_safe_id(const std::string& id) {
  if (id.empty()) return false;
  for (const char c : id) {
    if (c == '=' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') return false;
  }
  return true;
}

void check_prompt(const rules::Prompt& prompt, rules::SeatIndex seat) {
  const std::string where = "seat " + std::to_string(seat) + " prompt '" + prompt.kind + "': ";
  require(!prompt.kind.empty(), where + "has no kind");
  require(prompt.min_choices <= prompt.max_choices, where + "min_choices > max_choices");
  require(prompt.min_choices <= prompt.options.size(), where + "asks for more choices than it offers");
  std::set<std::string> ids;
  for (const auto& option : prompt.options) {
    require(journal_safe_id(option.id), where + "option id '" + option.id + "' is empty or not journal-safe");
    require(ids.insert(option.id).second, where + "option id '" + option.id + "' appears twice");
    if (option.range) require(option.range->min <= option.range->max, where + "empty range on '" + option.id + "'");
  }
}

}  // namespace

void require(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "\nINVARIANT VIOLATED: %s\n", what.c_str());
  std::abort();
}

Prompts check_prompts(const rules::Match& match) {
  Prompts prompts;
  bool any = false;
  for (rules::SeatIndex seat = 0; seat < match.seat_count(); ++seat) {
    prompts.push_back(match.prompt(seat));
    if (!prompts.back()) continue;
    any = true;
    check_prompt(*prompts.back(), seat);
  }
  if (match.finished()) {
    require(match.result().has_value(), "a finished match has no result");
  } else {
    require(any, "an unfinished match has no open prompt (it can never progress)");
  }
  return prompts;
}

void check_views(const rules::Match& match, int only) {
  std::vector<rules::Viewer> viewers{rules::Viewer::spectator(), rules::Viewer::judge()};
  for (rules::SeatIndex seat = 0; seat < match.seat_count(); ++seat) viewers.push_back(rules::Viewer::of_seat(seat));
  if (only >= 0) viewers = {viewers[static_cast<std::size_t>(only) % viewers.size()]};
  for (const auto& viewer : viewers) {
    const auto view = match.view(viewer);
    require(view != nullptr, "view() returned null");
    (void)view->to_text();
  }
}

void check_replay(const rules::GameDefinition& game, const rules::MatchSetup& setup,
                  const std::vector<rules::Command>& log, const rules::Match& match) {
  std::vector<rules::Command> journaled;
  journaled.reserve(log.size());
  for (const auto& command : log) {
    const auto text = command.to_text();
    auto parsed = rules::Command::from_text(text);
    require(parsed.has_value() && *parsed == command, "command '" + text + "' does not survive its journal text");
    journaled.push_back(std::move(*parsed));
  }
  std::string error;
  const auto again = rules::replay(game, setup, journaled, &error);
  require(again != nullptr, "replay of the accepted log failed: " + error);
  require(again->state_hash() == match.state_hash(), "replay of the accepted log reached another state_hash");
}

}  // namespace concord::fuzz
