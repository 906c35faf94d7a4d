// CardDb: loading all sources, duplicate-id checks, the shipped card set.
#include "concord/eve/card_db.hpp"

#include "card_loader.hpp"
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
  auto it = index_.find(id);
  return it == index_.end() ? nullptr : it->second;
}

// The keys are views of the map's own keys (its nodes do not move).
void CardDb::reindex() {
  index_.clear();
  index_.reserve(cards_.size());
  for (const auto& [id, card] : cards_) index_.emplace(id, &card);
}

}  // namespace concord::eve
