// Parses one card data file (protobuf text format of data.CardFile) into
// CardDefs, checking the schema and the per-type rules of the card data.
#pragma once

#include <string>
#include <vector>

#include "concord/eve/card_db.hpp"

namespace concord::eve {

// Appends the cards of `source` to `out` and every problem to `errors`
// ("<source>:<line>:<column>: <message>", 1-based).
void load_card_file(const CardSource& source, std::vector<CardDef>& out,
                    std::vector<std::string>& errors);

}  // namespace concord::eve
