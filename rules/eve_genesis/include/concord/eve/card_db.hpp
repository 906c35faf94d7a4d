// CardDb: every card definition, loaded from the data files under
// rules/eve_genesis/cards/ (compiled into the library) or from given texts.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <cstdint>
#include <vector>

#include "concord/eve/card.hpp"

namespace concord::eve {

struct CardSource {
  std::string name;  // shown in errors, e.g. "cards/ships.textproto"
  std::string text;  // protobuf text format of data.CardFile
};

class CardDb {
 public:
  CardDb() = default;
  // A copy indexes its own cards (the index points into cards_); a move keeps
  // the map's nodes, so the index stays valid.
  CardDb(const CardDb& other) : cards_(other.cards_) { reindex(); }
  CardDb& operator=(const CardDb& other) {
    if (this != &other) {
      cards_ = other.cards_;
      reindex();
    }
    return *this;
  }
  CardDb(CardDb&&) noexcept = default;
  CardDb& operator=(CardDb&&) noexcept = default;

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
  void reindex();

  // One place of the index: a card and the hash of its id (null: empty).
  struct Slot {
    std::uint64_t hash = 0;
    const CardDef* card = nullptr;
  };

  std::map<std::string, CardDef, std::less<>> cards_;
  // find() by hash: rules and views look cards up by id many times a command,
  // and the map's ordered search compares a string at every level. Open
  // addressing in a power of two of places, at most half full, probed in
  // turn: an id is hashed once (rules::xxh64, no division) and compared
  // only where the hashes agree (std::unordered_map's lookup was 5% of an
  // EVE command with views in the games benchmark).
  std::vector<Slot> index_;
};

}  // namespace concord::eve
