// Decks: lookup, counting and the canonical text form.
//
//   game <id>
//   name <name>            (the rest of the line; may contain spaces)
//   [section]
//   <count> <card>
//
// Blank lines are ignored when parsing. Errors name the offending line.
#include "concord/rules/deck.hpp"

#include <algorithm>

#include "text_util.hpp"

namespace concord::rules {

namespace {

constexpr std::int64_t kMaxCount = 100000;

// Line-by-line parser; each feed_* returns an error message or "".
class DeckParser {
 public:
  std::string feed(std::string_view line) {
    if (stage_ == Stage::Game) return feed_game(line);
    if (stage_ == Stage::Name) return feed_name(line);
    if (!line.empty() && line.front() == '[') return feed_section(line);
    return feed_card(line);
  }

  std::string finish() const {
    if (stage_ == Stage::Game) return "missing 'game <id>' line";
    if (stage_ == Stage::Name) return "missing 'name <name>' line";
    return "";
  }

  Deck take() { return std::move(deck_); }

 private:
  enum class Stage { Game, Name, Body };

  std::string feed_game(std::string_view line) {
    const auto w = text::words(line);
    if (w.size() != 2 || w[0] != "game") return "expected 'game <id>'";
    deck_.game = std::string(w[1]);
    stage_ = Stage::Name;
    return "";
  }

  std::string feed_name(std::string_view line) {
    if (line == "name") {
      deck_.name.clear();
    } else if (line.substr(0, 5) == "name ") {
      deck_.name = std::string(line.substr(5));
    } else {
      return "expected 'name <name>'";
    }
    // A line loses one trailing '\r': a name holding one would not survive to_text().
    if (deck_.name.find('\r') != std::string::npos) return "the name may not contain a carriage return";
    stage_ = Stage::Body;
    return "";
  }

  std::string feed_section(std::string_view line) {
    if (line.size() < 3 || line.back() != ']') return "expected '[section]'";
    const std::string_view name = line.substr(1, line.size() - 2);
    if (text::has_space(name)) return "section name may not contain whitespace";
    if (deck_.section(name)) return "duplicate section '" + std::string(name) + "'";
    deck_.sections.push_back(DeckSection{std::string(name), {}});
    return "";
  }

  std::string feed_card(std::string_view line) {
    const auto w = text::words(line);
    if (w.size() != 2) return "expected '<count> <card>' or '[section]'";
    if (deck_.sections.empty()) return "card '" + std::string(w[1]) + "' before any [section]";
    const auto count = text::parse_int(w[0]);
    if (!count || *count < 1 || *count > kMaxCount) {
      return "bad count '" + std::string(w[0]) + "' (expected 1.." + std::to_string(kMaxCount) + ")";
    }
    deck_.sections.back().cards.push_back(
        DeckCard{std::string(w[1]), static_cast<unsigned>(*count)});
    return "";
  }

  Stage stage_ = Stage::Game;
  Deck deck_;
};

bool is_blank(std::string_view line) { return text::words(line).empty(); }

void set_error(std::string* error, std::size_t line_no, const std::string& message) {
  if (error) *error = "line " + std::to_string(line_no) + ": " + message;
}

}  // namespace

const DeckSection* Deck::section(std::string_view wanted) const {
  auto it = std::find_if(sections.begin(), sections.end(),
                         [&](const DeckSection& s) { return s.name == wanted; });
  return it == sections.end() ? nullptr : &*it;
}

unsigned Deck::card_count() const {
  unsigned total = 0;
  for (const auto& s : sections) {
    for (const auto& c : s.cards) total += c.count;
  }
  return total;
}

std::string Deck::to_text() const {
  std::string out = "game " + game + "\nname " + name + "\n";
  for (const auto& s : sections) {
    out += "[" + s.name + "]\n";
    for (const auto& c : s.cards) out += std::to_string(c.count) + " " + c.card + "\n";
  }
  return out;
}

std::optional<Deck> Deck::from_text(std::string_view text_in, std::string* error) {
  DeckParser parser;
  const auto all = text::lines(text_in);
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (is_blank(all[i])) continue;
    if (auto message = parser.feed(all[i]); !message.empty()) {
      set_error(error, i + 1, message);
      return std::nullopt;
    }
  }
  if (auto message = parser.finish(); !message.empty()) {
    set_error(error, all.size() + 1, message);
    return std::nullopt;
  }
  return parser.take();
}

}  // namespace concord::rules
