// The EverZone card database and its loader (line format documented in
// rules/everzone/README.md). Load errors name the line: "line 12: ...".
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "concord/everzone/card.hpp"

namespace concord::everzone {

class CardDb {
 public:
  // Parses card text; every error is listed. The db is usable only if ok.
  struct LoadResult;
  static LoadResult parse(std::string_view text);
  // The cards shipped in rules/everzone/cards/ (embedded at build time).
  static const CardDb& builtin();
  // Errors of the embedded data (empty when the shipped files are valid).
  static std::vector<std::string> builtin_errors();

  const Card* find(std::string_view id) const;  // null if unknown
  const Card& at(int index) const { return cards_.at(static_cast<std::size_t>(index)); }
  int index_of(std::string_view id) const;      // -1 if unknown
  const std::vector<Card>& cards() const { return cards_; }

  bool add(Card card);  // false if the id exists

 private:
  std::vector<Card> cards_;
  std::map<std::string, int, std::less<>> index_;
};

struct CardDb::LoadResult {
  CardDb db;
  std::vector<std::string> errors;
  bool ok() const { return errors.empty(); }
};

}  // namespace concord::everzone
