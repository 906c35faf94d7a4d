// Decks: save (validated by rules::validate_deck: core caps, then the game's deck rules), list, fetch, delete.
#include "dispatcher.hpp"
#include "text_limits.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

bool valid_deck_name(const std::string& name) { return printable_text(name, 1, 64); }

v1::ServerMessage deck_invalid(std::uint64_t rid, const std::vector<rules::DeckViolation>& violations) {
  auto reply = make_error(rid, "DECK_INVALID", std::to_string(violations.size()) + " deck rule violation(s)");
  for (const auto& v : violations) {
    auto* out = reply.mutable_error()->add_violations();
    out->set_code(v.code);
    out->set_message(v.message);
  }
  return reply;
}

}  // namespace

void Dispatcher::on_save_deck(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                              const v1::SaveDeck& request) {
  const auto deck = deck_from_wire(request.deck());
  const auto* game = ctx_.games.find(deck.game);
  if (!game) {
    link->send(make_error(rid, "UNKNOWN_GAME", "no game '" + deck.game + "'"));
    return;
  }
  if (!valid_deck_name(deck.name)) {
    link->send(make_error(rid, "DECK_INVALID", "deck names are 1-64 printable characters"));
    return;
  }
  // The core caps (text-form safety, size) and then the game's own deck rules.
  const auto violations = rules::validate_deck(game->definition, deck);
  if (!violations.empty()) {
    link->send(deck_invalid(rid, violations));
    return;
  }
  db_job(link, rid, [link, rid, player, deck](pqxx::connection& conn) {
    const auto id = persistence::DeckRepository(conn).save(player.id, deck.game, deck.name, deck.to_text(),
                                                           deck.card_count());
    v1::ServerMessage reply;
    reply.set_request_id(rid);
    reply.mutable_deck_saved()->set_deck_id(id);
    link->send(reply);
  });
}

void Dispatcher::on_list_decks(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                               const v1::ListDecks& request) {
  db_job(link, rid, [link, rid, player, game = request.game()](pqxx::connection& conn) {
    v1::ServerMessage reply;
    reply.set_request_id(rid);
    auto* list = reply.mutable_deck_list();
    for (const auto& record : persistence::DeckRepository(conn).list(player.id, game)) {
      auto* summary = list->add_decks();
      summary->set_deck_id(record.id);
      summary->set_game(record.game);
      summary->set_name(record.name);
      summary->set_card_count(record.card_count);
    }
    link->send(reply);
  });
}

void Dispatcher::on_get_deck(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                             const v1::GetDeck& request) {
  db_job(link, rid, [link, rid, player, id = request.deck_id()](pqxx::connection& conn) {
    const auto record = persistence::DeckRepository(conn).get(player.id, id);
    const auto deck = record ? rules::Deck::from_text(record->body) : std::nullopt;
    if (!deck) {
      link->send(make_error(rid, "DECK_NOT_FOUND", "you have no deck " + std::to_string(id)));
      return;
    }
    v1::ServerMessage reply;
    reply.set_request_id(rid);
    reply.mutable_deck()->set_deck_id(id);
    deck_to_wire(*deck, reply.mutable_deck()->mutable_deck());
    link->send(reply);
  });
}

void Dispatcher::on_delete_deck(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                                const v1::DeleteDeck& request) {
  db_job(link, rid, [link, rid, player, id = request.deck_id()](pqxx::connection& conn) {
    if (!persistence::DeckRepository(conn).remove(player.id, id)) {
      link->send(make_error(rid, "DECK_NOT_FOUND", "you have no deck " + std::to_string(id)));
      return;
    }
    link->send(make_ok(rid));
  });
}

}  // namespace concord::server
