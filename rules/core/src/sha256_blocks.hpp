// SHA-256 block functions (FIPS 180-4 6.2.2): the compression function applied
// to whole 64-byte blocks. Two implementations with the same results: portable
// C++, and the x86 SHA extensions (SHA-NI) where the processor has them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace concord::rules {

using HashState = std::array<std::uint32_t, 8>;
using Sha256Blocks = void (*)(HashState& h, const std::uint8_t* blocks, std::size_t count);

void sha256_blocks_portable(HashState& h, const std::uint8_t* blocks, std::size_t count);

// The fastest block function this processor runs (chosen once).
Sha256Blocks sha256_blocks();

// H(0), the initial hash value (FIPS 180-4 5.3.3).
HashState sha256_initial_state();

// The digest of a message whose first `before` bytes (a multiple of 64) are
// already compressed into `h` and whose remaining `n` bytes are `rest`: the
// whole blocks of `rest`, then the padded tail (FIPS 180-4 5.1.1).
std::array<std::uint8_t, 32> sha256_finish(Sha256Blocks blocks_fn, HashState h, const std::uint8_t* rest,
                                           std::size_t n, std::uint64_t before);

// Lowercase hex of a digest (seed.cpp).
std::string digest_hex(const std::array<std::uint8_t, 32>& digest);

}  // namespace concord::rules
