// View deltas (protocol 1.1): the bytes of a serialized view as a change to
// the bytes of an earlier one, and a checksum of a whole view. Pure bytes: no
// protobuf, no game knowledge. The format is documented in protocol/README.md
// ("View deltas"); in short, a sequence of instructions, each a varint header
// h (h & 1 = kind, h >> 1 = length):
//   kind 0 COPY   then a zigzag varint d: copy `length` bytes of the base from
//                 position (end of the previous COPY, or 0) + d
//   kind 1 INSERT then `length` literal bytes
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace concord::protocol {

// CRC-32 (IEEE 802.3, the one of zlib, PNG and gzip) of `bytes`.
std::uint32_t view_checksum(std::string_view bytes);

// Instructions that turn `base` into `target`.
std::string make_view_delta(std::string_view base, std::string_view target);
// The same into `ops` (emptied first), which keeps its capacity from one
// delta to the next: growing a new string for each delta reallocated it
// several times.
void make_view_delta(std::string_view base, std::string_view target, std::string& ops);

// What differs between two versions of a part after their common prefix and
// suffix, when it is at most this many bytes, is one INSERT: searching it for
// copies (make_view_delta, encode_middle) cost more than it saved for a
// part's few changed bytes.
inline constexpr std::size_t kSearchedDifference = 64;

class OpsWriter;
// Into `enc`, instructions for target[t_lo, end) searched in `base`: COPYs
// (absolute positions of `base`) of the runs found, around INSERTs. The
// search looks in base[b_lo, b_hi) (what the target replaces there), or in
// the whole base when that holds fewer than 8 bytes (an insertion).
void encode_middle(std::string_view base, std::size_t b_lo, std::size_t b_hi, std::string_view target,
                   std::size_t t_lo, OpsWriter& enc);

// `base` with the instructions `ops` applied; nullopt if they are malformed
// (truncated, or a COPY outside the base).
std::optional<std::string> apply_view_delta(std::string_view base, std::string_view ops);

}  // namespace concord::protocol
