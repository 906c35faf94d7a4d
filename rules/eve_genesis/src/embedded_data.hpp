// The card and deck data files, compiled into the library by embed_data.cmake.
#pragma once

#include <string_view>
#include <vector>

namespace concord::eve {

struct EmbeddedFile {
  std::string_view path;  // relative to rules/eve_genesis, e.g. "cards/ships.textproto"
  std::string_view text;
};

const std::vector<EmbeddedFile>& embedded_files();

}  // namespace concord::eve
