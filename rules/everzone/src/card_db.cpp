#include "concord/everzone/card_db.hpp"

#include "card_parser.hpp"
#include "builtin_data.hpp"

namespace concord::everzone {

CardDb::LoadResult CardDb::parse(std::string_view text) { return detail::CardParser{}.run(text); }

const CardDb& CardDb::builtin() {
  static const CardDb db = [] {
    auto loaded = parse(detail::builtin_cards_text());
    // The shipped data is checked by tests; a broken file yields an empty db.
    return loaded.ok() ? std::move(loaded.db) : CardDb{};
  }();
  return db;
}

std::vector<std::string> CardDb::builtin_errors() {
  return parse(detail::builtin_cards_text()).errors;
}

const Card* CardDb::find(std::string_view id) const {
  auto i = index_of(id);
  return i < 0 ? nullptr : &cards_[static_cast<std::size_t>(i)];
}

int CardDb::index_of(std::string_view id) const {
  auto it = index_.find(id);
  return it == index_.end() ? -1 : it->second;
}

bool CardDb::add(Card card) {
  if (index_.count(card.id)) return false;
  index_.emplace(card.id, static_cast<int>(cards_.size()));
  cards_.push_back(std::move(card));
  return true;
}

}  // namespace concord::everzone
