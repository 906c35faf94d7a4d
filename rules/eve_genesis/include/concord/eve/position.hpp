// The plain-text position format: sets up any mid-game state (zones, cards,
// damage, orders, pile, phase/step, priority, wallets). Documented in
// rules/eve_genesis/README.md. save_position() writes the canonical form that
// load_position() reads back to an identical state (state hashes of versions
// Sha256 and Xxh64 hash this canonical text; version Fields feeds the same
// fields straight to the hasher: src/state_hash.cpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "concord/eve/card_db.hpp"
#include "concord/eve/eve_match.hpp"

namespace concord::eve {

// Returns nullptr and sets *error ("line N: ...") if the text is not a legal position.
std::unique_ptr<EveMatch> load_position(std::string_view text, std::string* error = nullptr,
                                        const CardDb& db = CardDb::standard());

std::string save_position(const EveMatch& match);
std::string save_position(const GameState& state, const rules::Rng& rng, const CardDb& db);

}  // namespace concord::eve
