// CliShell: decks, lobby, rooms and matches.
#include <fstream>
#include <sstream>

#include "cli_format.hpp"
#include "cli_shell.hpp"
#include "client/deck_text.hpp"

namespace concord::cli {

namespace {

std::string optional_arg(const Args& args, std::size_t index) { return args.size() > index ? args[index] : ""; }

void require_exactly(const Args& args, std::size_t count, const char* usage) {
  if (args.size() != count) throw UsageError(std::string("usage: ") + usage);
}

v1::Deck read_deck_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw UsageError("cannot read deck file '" + path + "'");
  std::stringstream text;
  text << file.rdbuf();
  std::string error;
  auto deck = client::parse_deck_text(text.str(), &error);
  if (!deck) throw UsageError(path + ": " + error);
  return *deck;
}

std::string indent_lines(const std::string& text) {
  std::string out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) out += "  " + line + "\n";
  return out;
}

}  // namespace

void CliShell::cmd_games(const Args&) {
  const auto games = client().list_games();
  ok(std::to_string(games.games_size()) + " games");
  for (const auto& game : games.games()) out_ << format_game(game);
}

void CliShell::cmd_decks(const Args& args) {
  const auto decks = client().list_decks(optional_arg(args, 1));
  ok(std::to_string(decks.decks_size()) + " decks");
  for (const auto& deck : decks.decks()) {
    out_ << "  " << deck.deck_id() << " " << deck.game() << " cards=" << deck.card_count()
         << " name=" << quoted(deck.name()) << "\n";
  }
}

void CliShell::cmd_deck_save(const Args& args) {
  require_exactly(args, 2, "deck-save <file>");
  const v1::Deck deck = read_deck_file(args[1]);
  ok("deck_id=" + std::to_string(client().save_deck(deck)));
}

// Saves one of the game's ready-made decks (GameInfo.starter_decks) as the player's own.
void CliShell::cmd_deck_starter(const Args& args) {
  require_exactly(args, 3, "deck-starter <game> <name>");
  const auto games = client().list_games();
  for (const auto& game : games.games()) {
    if (game.id() != args[1]) continue;
    for (const auto& deck : game.starter_decks()) {
      if (deck.name() == args[2]) {
        ok("deck_id=" + std::to_string(client().save_deck(deck)));
        return;
      }
    }
  }
  throw UsageError("no starter deck " + quoted(args[2]) + " for game " + quoted(args[1]) + " (see 'games')");
}

void CliShell::cmd_deck_show(const Args& args) {
  require_exactly(args, 2, "deck-show <id>");
  const auto detail = client().get_deck(parse_int(args[1], "deck id"));
  ok("deck_id=" + std::to_string(detail.deck_id()) + " game=" + detail.deck().game() +
     " name=" + quoted(detail.deck().name()));
  out_ << indent_lines(client::deck_to_text(detail.deck()));
}

void CliShell::cmd_deck_delete(const Args& args) {
  require_exactly(args, 2, "deck-delete <id>");
  client().delete_deck(parse_int(args[1], "deck id"));
  ok();
}

void CliShell::cmd_rooms(const Args& args) {
  const auto rooms = client().list_rooms(optional_arg(args, 1));
  ok(std::to_string(rooms.rooms_size()) + " rooms");
  for (const auto& room : rooms.rooms()) out_ << "  " << format_room(room) << "\n";
}

void CliShell::cmd_create(const Args& args) { ok(format_room(client().create_room(parse_create(args)))); }

void CliShell::cmd_join(const Args& args) { ok(format_room(client().join_room(parse_join(args)))); }

void CliShell::cmd_leave(const Args& args) {
  require_exactly(args, 2, "leave <room>");
  client().leave_room(args[1]);
  ok();
}

void CliShell::cmd_ready(const Args& args) {
  if (args.size() < 2 || args.size() > 3) throw UsageError("usage: ready <room> [yes|no]");
  const bool ready = args.size() == 2 || (args[2] != "no" && args[2] != "false" && args[2] != "off");
  ok(format_room(client().set_ready(args[1], ready)));
}

void CliShell::cmd_show(const Args& args) {
  const auto update = client().latest_match_update(optional_arg(args, 1));
  if (!update)
    return fail("NO_MATCH", "no match update received yet" + (args.size() > 1 ? " for room " + args[1] : ""));
  out_ << format_show(*update);
}

void CliShell::cmd_answer(const Args& args) {
  if (args.size() < 3) throw UsageError("usage: answer <room> <option_id|#N>[=value] ...");
  const auto update = client().latest_match_update(args[1]);
  const v1::Prompt* prompt = update && update->has_prompt() ? &update->prompt() : nullptr;
  const v1::Answer answer = parse_answer(args, prompt);
  v1::MatchUpdate against;
  if (update) against = *update;
  against.set_room_id(args[1]);
  const auto accepted = client().submit_answer(against, answer);
  ok("accepted index=" + std::to_string(accepted.command_index()));
}

void CliShell::cmd_concede(const Args& args) {
  require_exactly(args, 2, "concede <room>");
  client().concede(args[1]);
  ok();
}

}  // namespace concord::cli
