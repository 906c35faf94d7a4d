// Line parser for card files (used by CardDb::parse only).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "concord/everzone/card_db.hpp"

namespace concord::everzone::detail {

class CardParser {
 public:
  CardDb::LoadResult run(std::string_view text);

 private:
  void feed(int line, std::string_view content);
  void start_card(int line, std::string_view id);
  void set_field(int line, std::string_view key, std::string_view rest);
  void set_values(int line, std::string_view rest);
  void set_terrains(int line, std::string_view rest, bool location);
  void set_limits(int line, std::string_view rest);
  void finish_card();
  void error(int line, const std::string& message);

  CardDb::LoadResult result_;
  Card card_;
  bool open_ = false;
  std::vector<std::string> seen_;  // fields set on the open card
};

}  // namespace concord::everzone::detail
