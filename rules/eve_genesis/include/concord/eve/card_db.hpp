// CardDb: every card definition, loaded from the data files under
// rules/eve_genesis/cards/ (compiled into the library) or from given texts.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "concord/eve/card.hpp"

namespace concord::eve {

struct CardSource {
  std::string name;  // shown in errors, e.g. "cards/ships.textproto"
  std::string text;  // protobuf text format of data.CardFile
};

class CardDb {
 public:
  // Loads and checks every source. On any problem returns an empty db and
  // lists every error as "<source>:<line>:<column>: <message>" (1-based).
  static CardDb load(const std::vector<CardSource>& sources, std::vector<std::string>* errors);

  // The shipped cards (rules/eve_genesis/cards/*.textproto). Loaded once; a
  // data error there is a build defect and is caught by the tests.
  static const CardDb& standard();

  const CardDef* find(std::string_view id) const;  // null if unknown
  const std::map<std::string, CardDef, std::less<>>& all() const { return cards_; }
  bool empty() const { return cards_.empty(); }

 private:
  std::map<std::string, CardDef, std::less<>> cards_;
};

}  // namespace concord::eve
