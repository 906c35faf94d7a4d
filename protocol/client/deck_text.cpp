#include "client/deck_text.hpp"

#include <charconv>
#include <sstream>

namespace concord::client {

namespace {

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

bool has_space(std::string_view s) { return s.find_first_of(" \t") != std::string_view::npos; }

// Splits "head rest" at the first run of blanks; rest is trimmed.
std::pair<std::string_view, std::string_view> split_head(std::string_view line) {
  const auto blank = line.find_first_of(" \t");
  if (blank == std::string_view::npos) return {line, {}};
  return {line.substr(0, blank), trim(line.substr(blank))};
}

class DeckParser {
 public:
  // Returns an error text for this line, or empty on success.
  std::string line(std::string_view text) {
    if (text.empty() || text.front() == '#') return {};
    if (text.front() == '[') return section(text);
    auto [head, rest] = split_head(text);
    if (head == "game") return header(rest, deck_.mutable_game(), "game");
    if (head == "name") return header(rest, deck_.mutable_name(), "name");
    return card(head, rest);
  }

  std::string finish() const {
    if (deck_.game().empty()) return "missing 'game <id>' line";
    if (deck_.name().empty()) return "missing 'name <name>' line";
    return {};
  }

  v1::Deck& deck() { return deck_; }

 private:
  std::string header(std::string_view value, std::string* field, const char* what) {
    if (value.empty()) return std::string("'") + what + "' needs a value";
    if (!field->empty()) return std::string("'") + what + "' given twice";
    if (std::string_view(what) == "game" && has_space(value)) return "game id may not contain spaces";
    *field = std::string(value);
    return {};
  }

  std::string section(std::string_view text) {
    if (text.back() != ']') return "section header must look like [name]";
    const std::string_view name = trim(text.substr(1, text.size() - 2));
    if (name.empty() || has_space(name)) return "section name must be one word";
    for (const auto& existing : deck_.sections()) {
      if (existing.name() == name) return "section [" + std::string(name) + "] appears twice";
    }
    current_ = deck_.add_sections();
    current_->set_name(std::string(name));
    return {};
  }

  std::string card(std::string_view count_text, std::string_view card) {
    unsigned count = 0;
    const auto [end, ec] = std::from_chars(count_text.data(), count_text.data() + count_text.size(), count);
    if (ec != std::errc() || end != count_text.data() + count_text.size()) {
      return "expected 'game', 'name', '[section]' or '<count> <card>', got '" + std::string(count_text) + "'";
    }
    if (count == 0) return "count must be at least 1";
    if (card.empty() || has_space(card)) return "expected exactly one card id after the count";
    if (!current_) return "card before any [section] header";
    auto* entry = current_->add_cards();
    entry->set_card(std::string(card));
    entry->set_count(count);
    return {};
  }

  v1::Deck deck_;
  v1::DeckSection* current_ = nullptr;
};

}  // namespace

std::optional<v1::Deck> parse_deck_text(std::string_view text, std::string* error) {
  DeckParser parser;
  std::size_t number = 0;
  while (!text.empty()) {
    ++number;
    const auto newline = text.find('\n');
    const std::string_view raw = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    if (std::string problem = parser.line(trim(raw)); !problem.empty()) {
      if (error) *error = "line " + std::to_string(number) + ": " + problem;
      return std::nullopt;
    }
  }
  if (std::string problem = parser.finish(); !problem.empty()) {
    if (error) *error = problem;
    return std::nullopt;
  }
  return std::move(parser.deck());
}

std::string deck_to_text(const v1::Deck& deck) {
  std::ostringstream out;
  out << "game " << deck.game() << "\nname " << deck.name() << "\n";
  for (const auto& section : deck.sections()) {
    out << "[" << section.name() << "]\n";
    for (const auto& card : section.cards()) out << card.count() << " " << card.card() << "\n";
  }
  return out.str();
}

}  // namespace concord::client
