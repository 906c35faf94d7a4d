// XXH64 (seed 0), the 64-bit xxHash of Yann Collet, split the way StateHasher
// feeds it: whole 32-byte stripes as they come, then the rest at the end.
// The specification: github.com/Cyan4973/xxHash, doc/xxhash_spec.md. The
// state hash of protocol version 2 (see hash.hpp); about ten times faster
// than SHA-256 with SHA-NI on the few KB a state hashes to.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace concord::rules::xxh {

using Lanes = std::array<std::uint64_t, 4>;

Lanes initial_lanes();
// Absorbs `stripes` stripes of 32 bytes.
void absorb(Lanes& lanes, const std::uint8_t* data, std::size_t stripes);
// The hash of `total` bytes, of which all but the last `rest_size` went
// through absorb (in whole stripes); absorbs the whole stripes of `rest`
// itself (unless total < 32, when XXH64 does not use the lanes).
std::uint64_t digest(Lanes lanes, const std::uint8_t* rest, std::size_t rest_size, std::uint64_t total);

}  // namespace concord::rules::xxh
