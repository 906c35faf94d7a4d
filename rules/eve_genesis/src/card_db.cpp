// CardDb: loading all sources, duplicate-id checks, the shipped card set.
#include "concord/eve/card_db.hpp"

#include "card_loader.hpp"
#include "concord/rules/hash.hpp"
#include "embedded_data.hpp"

namespace concord::eve {

CardDb CardDb::load(const std::vector<CardSource>& sources, std::vector<std::string>* errors) {
  std::vector<std::string> problems;
  std::vector<CardDef> cards;
  for (const auto& source : sources) load_card_file(source, cards, problems);
  CardDb db;
  for (auto& card : cards) {
    if (db.cards_.count(card.id)) {
      problems.push_back("card '" + card.id + "' is defined more than once");
      continue;
    }
    std::string id = card.id;
    db.cards_.emplace(std::move(id), std::move(card));
  }
  if (!problems.empty()) db.cards_.clear();
  db.reindex();
  if (errors) *errors = std::move(problems);
  return db;
}

const CardDb& CardDb::standard() {
  static const CardDb db = [] {
    std::vector<CardSource> sources;
    for (const auto& f : embedded_files()) {
      if (f.path.substr(0, 6) == "cards/") sources.push_back({std::string(f.path), std::string(f.text)});
    }
    return load(sources, nullptr);
  }();
  return db;
}

const CardDef* CardDb::find(std::string_view id) const {
  if (index_.empty()) return nullptr;
  const std::uint64_t hash = rules::xxh64(id);
  const std::size_t mask = index_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot& slot = index_[i];
    if (!slot.card) return nullptr;
    if (slot.hash == hash && slot.card->id == id) return slot.card;
  }
}

// The cards are the map's own (its nodes do not move). At least twice as many
// places as cards, so that an unknown id meets an empty place soon.
void CardDb::reindex() {
  std::size_t places = 1;
  while (places < 2 * cards_.size() + 1) places *= 2;
  index_.assign(cards_.empty() ? 0 : places, Slot{});
  const std::size_t mask = places - 1;
  for (const auto& [id, card] : cards_) {
    const std::uint64_t hash = rules::xxh64(id);
    std::size_t i = hash & mask;
    while (index_[i].card) i = (i + 1) & mask;
    index_[i] = Slot{hash, &card};
  }
}

}  // namespace concord::eve
