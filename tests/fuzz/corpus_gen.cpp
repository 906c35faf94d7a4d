// Writes the committed seed corpus (tests/fuzz/corpus/<target>/) from real
// games, positions and decks. Deterministic: rerunning it rewrites the same
// files. Usage: fuzz_corpus_gen <corpus dir>   (see README.md)
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "builtin_data.hpp"
#include "concord/eve/deck_rules.hpp"
#include "concord/eve/definition.hpp"
#include "concord/eve/position.hpp"
#include "concord/everzone/deck_rules.hpp"
#include "concord/rules/bot.hpp"
#include "concord/rules/rng.hpp"
#include "dispatch_script.hpp"

namespace {

namespace fs = std::filesystem;
namespace rules = concord::rules;

fs::path g_root;

void write(const std::string& target, const std::string& name, const std::string& bytes) {
  const auto dir = g_root / target;
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
}

rules::Seed seed_of(std::uint64_t n) {
  rules::Seed seed;
  seed.bytes = rules::sha256("corpus:" + std::to_string(n));
  return seed;
}

std::string random_bytes(std::size_t n, std::uint64_t seed) {
  rules::Rng rng(seed_of(seed));
  std::string out(n, '\0');
  for (auto& c : out) c = static_cast<char>(rng.below(256));
  return out;
}

void decks() {
  for (const auto& deck : concord::eve::standard_decks()) write("deck_text", "eve-" + deck.name, deck.to_text());
  for (const auto& deck : concord::everzone::ready_made_decks()) write("deck_text", "everzone-" + deck.name, deck.to_text());
  write("deck_text", "small", "game eve_genesis\nname tiny\n[base]\n1 x\n\n[market]\n4 y\r\n");
  write("deck_text", "refused", "game everzone\nname bad\n2 before_section\n");
}

// The shipped card file, cut into pieces of a few whole cards each.
void card_files() {
  const std::string text(concord::everzone::detail::builtin_cards_text());
  std::size_t start = 0;
  int piece = 0;
  while (start < text.size()) {
    std::size_t end = start;
    for (int cards = 0; cards < 6 && end != std::string::npos; ++cards) end = text.find("\ncard ", end + 1);
    const auto stop = end == std::string::npos ? text.size() : end + 1;
    write("everzone_cards", "piece-" + std::to_string(piece++), text.substr(start, stop - start));
    start = stop;
  }
}

void eve_positions() {
  const auto game = concord::eve::definition();
  const auto decks = concord::eve::standard_decks();
  for (std::uint64_t n = 0; n < 8; ++n) {
    rules::MatchSetup setup{rules::resolve_options(game.options, {}).values, {}, seed_of(n)};
    for (std::uint64_t s = 0; s < 2 + n % 3; ++s) setup.seats.push_back({"p" + std::to_string(s), decks[(n + s) % 4]});
    auto match = game.create(setup);
    rules::Rng rng(seed_of(100 + n));
    const int steps = static_cast<int>(n * 40);
    for (int i = 0; i < steps && !match->finished(); ++i) {
      for (rules::SeatIndex s = 0; s < match->seat_count(); ++s) {
        if (auto prompt = match->prompt(s)) {
          (void)match->submit(s, rules::random_answer(*prompt, rng));
          break;
        }
      }
    }
    auto text = concord::eve::save_position(dynamic_cast<const concord::eve::EveMatch&>(*match));
    if (n % 2 == 1) text += std::string(1, '\0') + random_bytes(96, n);
    write("eve_position", "after-" + std::to_string(steps) + "-steps", text);
  }
}

void everzone_positions() {
  const std::vector<std::string> texts = {
      "location earth turn 1\nphase support\nseat 0\nseat 1\n",
      "location earth turn 1\nphase activate\nseat 0\ndeployed moray slurr_spawn\nseat 1\ndeployed numen_sentinel\n",
      "location earth turn 1\nphase support\nseat 0\ntarget 2\nactive ciel\nseat 1\ntarget 2\nactive numen_warden\n"
      "supports final_protocol\nseat 2\ntarget 0\nactive numen_sentinel\nabilities c0\n",
      "location sea turn 2\nphase deploy\nseat 0\ncp 12\nhand moray slurr_spawn\ndeck numen_sentinel\nseat 1\n"
      "hand numen_warden\n",
      "teams\nlocation space turn 0\nphase refresh\nseat 0\ncp 40\nseat 1\ncp 40\nseat 2\ncp 40\nseat 3\ncp 40\n",
      "location earth turn 1\nphase retreat\nseat 0\nactive moray\nfallen slurr_spawn\nseat 1\nretreated numen_sentinel\n",
  };
  for (std::size_t i = 0; i < texts.size(); ++i) {
    write("everzone_position", "position-" + std::to_string(i), texts[i]);
    write("everzone_position", "position-" + std::to_string(i) + "-answered",
          texts[i] + std::string(1, '\0') + random_bytes(64, 200 + i));
  }
}

void answer_scripts() {
  const std::size_t sizes[] = {16, 64, 256, 1024, 3000};
  for (std::size_t i = 0; i < std::size(sizes); ++i) {
    write("eve_answers", "random-" + std::to_string(sizes[i]), random_bytes(sizes[i], 300 + i));
    write("everzone_answers", "random-" + std::to_string(sizes[i]), random_bytes(sizes[i], 400 + i));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus dir>\n", argv[0]);
    return 2;
  }
  g_root = argv[1];
  decks();
  card_files();
  eve_positions();
  everzone_positions();
  answer_scripts();
  concord::fuzz::write_dispatch_scripts([](const std::string& name, const std::string& bytes) {
    write("dispatch", name, bytes);
  });
  return 0;
}
