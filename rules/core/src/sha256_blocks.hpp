// SHA-256 block functions (FIPS 180-4 6.2.2): the compression function applied
// to whole 64-byte blocks. Two implementations with the same results: portable
// C++, and the x86 SHA extensions (SHA-NI) where the processor has them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace concord::rules {

using HashState = std::array<std::uint32_t, 8>;
using Sha256Blocks = void (*)(HashState& h, const std::uint8_t* blocks, std::size_t count);

void sha256_blocks_portable(HashState& h, const std::uint8_t* blocks, std::size_t count);

// The fastest block function this processor runs (chosen once).
Sha256Blocks sha256_blocks();

}  // namespace concord::rules
