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
#include <cstdint>

#include "text_util.hpp"

namespace concord::rules {

namespace {

constexpr std::int64_t kMaxCount = kMaxParsedCount;

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

bool valid_id(const std::string& id) {
  if (id.empty() || id.size() > kMaxDeckIdLength) return false;
  return std::all_of(id.begin(), id.end(), [](char c) { return c > ' ' && c < 0x7f && c != '[' && c != ']'; });
}

// An id as a message may quote it: at most kMaxDeckIdLength characters,
// anything but printable ASCII shown as '?' (so a message is always UTF-8).
std::string shown(const std::string& id) {
  std::string out = id.substr(0, kMaxDeckIdLength);
  for (char& c : out)
    if (c < ' ' || c >= 0x7f) c = '?';
  return id.size() > kMaxDeckIdLength ? out + "..." : out;
}

std::size_t line_count(const Deck& deck) {
  std::size_t lines = deck.sections.size();
  for (const auto& s : deck.sections) lines += s.cards.size();
  return lines;
}

// Collects the violations of check_deck_limits (on at most kMaxDeckLines
// lines); the card total in 64 bits, so counts near 2^32 cannot wrap around.
struct LimitChecker {
  std::vector<DeckViolation> out;
  std::uint64_t cards = 0;

  void add(const char* code, std::string message) { out.push_back({code, std::move(message)}); }

  void section(const Deck& deck, std::size_t index) {
    const DeckSection& s = deck.sections[index];
    if (!valid_id(s.name)) add("BAD_SECTION_NAME", "section name '" + shown(s.name) + "' is not allowed");
    for (std::size_t i = 0; i < index; ++i)
      if (deck.sections[i].name == s.name) add("DUPLICATE_SECTION", "section [" + shown(s.name) + "] appears twice");
    for (const auto& c : s.cards) card(c);
  }

  void card(const DeckCard& c) {
    cards += c.count;
    if (!valid_id(c.card)) add("BAD_CARD_ID", "card id '" + shown(c.card) + "' is not allowed");
    if (c.count == 0) add("ZERO_COUNT", "card '" + shown(c.card) + "' has count 0");
    if (c.count > kMaxCardCount)
      add("COUNT_TOO_LARGE", std::to_string(c.count) + " copies of '" + shown(c.card) + "' on one line (at most " +
                                 std::to_string(kMaxCardCount) + ")");
  }
};

}  // namespace

std::vector<DeckViolation> check_deck_limits(const Deck& deck) {
  // Too many lines: one violation, without looking at (and listing) each line.
  if (const auto lines = line_count(deck); lines > kMaxDeckLines)
    return {{"TOO_MANY_LINES", "the deck has " + std::to_string(lines) + " section and card lines (at most " +
                                   std::to_string(kMaxDeckLines) + ")"}};
  LimitChecker checker;
  for (std::size_t i = 0; i < deck.sections.size(); ++i) checker.section(deck, i);
  if (checker.cards > kMaxDeckCards)
    checker.add("DECK_TOO_LARGE", "the deck has " + std::to_string(checker.cards) + " cards (at most " +
                                      std::to_string(kMaxDeckCards) + " in any game)");
  return std::move(checker.out);
}

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
