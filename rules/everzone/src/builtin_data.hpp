// Card and deck text embedded at build time from rules/everzone/cards/
// (generated builtin_data.cpp; see CMakeLists.txt).
#pragma once

#include <string_view>
#include <vector>

namespace concord::everzone::detail {

std::string_view builtin_cards_text();
std::vector<std::string_view> builtin_deck_texts();

}  // namespace concord::everzone::detail
