// The encoding of a run of consecutive commands of one match, as the journal
// stores it in one match_command_batches row (see migration 0002).
//
// For each command, in index order: "<seat> <hash bytes> <text bytes>\n"
// followed by the state hash and the command text, both raw (lengths in
// bytes, so any text survives). A command with room meta (clock charges)
// has "<seat> <hash bytes> <text bytes> <meta bytes>\n" and its meta after
// the text; rows written before meta existed read as they always did.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "concord/persistence/repositories.hpp"

namespace concord::persistence {

// `commands` must hold consecutive indexes (the first one is the row's first_idx).
std::string encode_command_batch(const std::vector<const CommandRecord*>& commands);
// The same appended to `out` (the journal reuses one string for every row).
void append_command_batch(std::string& out, std::span<const CommandRecord* const> commands);

// The commands of a row, indexed from first_idx; nullopt if the payload is
// malformed or does not hold exactly last_idx - first_idx + 1 commands.
std::optional<std::vector<CommandRecord>> decode_command_batch(std::int64_t first_idx, std::int64_t last_idx,
                                                               const std::string& payload);

}  // namespace concord::persistence
