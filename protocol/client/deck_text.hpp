// The deck text form used by the CLI and the load test (the same form as
// rules::Deck::to_text):
//
//   # comment lines and blank lines are ignored
//   game eve_genesis
//   name My first deck          (the rest of the line, may contain spaces)
//   [base]
//   3 some_card_id
//   1 other_card_id
//   [regions]
//   ...
//
// Card ids and section names may not contain whitespace; counts are >= 1.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "concord/v1/concord.pb.h"

namespace concord::client {

// Parses the text form. On failure returns nullopt and sets *error to
// "line N: ..." (if error is not null).
std::optional<v1::Deck> parse_deck_text(std::string_view text, std::string* error = nullptr);

// The canonical text form of a deck (parse_deck_text(deck_to_text(d)) == d).
std::string deck_to_text(const v1::Deck& deck);

}  // namespace concord::client
