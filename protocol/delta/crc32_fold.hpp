// CRC-32 (IEEE 802.3, reflected; zlib's crc32) by carry-less multiplication
// (PCLMULQDQ folding, Intel's "Fast CRC Computation for Generic Polynomials
// Using PCLMULQDQ Instruction", 2009; VPCLMULQDQ on AVX-512 registers for
// 256 bytes or more), chosen once at run time where the CPU has it. zlib's own was the largest single cost of sending a view after
// the view itself: every viewer's update carries the checksum of its view.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace concord::protocol {

// zlib's crc32(crc, data, size): `crc` is the checksum of the bytes before.
std::uint32_t crc32_update(std::uint32_t crc, std::string_view bytes);

// The same by zlib alone (for tests and the side-by-side benchmark).
std::uint32_t crc32_zlib(std::uint32_t crc, std::string_view bytes);

// Combining checksums (zlib's crc32_combine_gen and crc32_combine_op): the
// CRC-32 of bytes A then B from the CRC-32s of A and of B, and B's `shift`,
// x^(8 * B's length) modulo the polynomial (crc32_shift_of). The
// multiplication modulo the polynomial is three PCLMULQDQ (the product and
// Barrett's reduction) where the CPU has it (zlib's loops a bit at a time, up
// to 32 steps): a view
// in pieces (view_pieces.hpp) gets its checksum from its pieces' own, kept
// with them, at a few instructions a piece.
std::uint32_t crc32_shift_of(std::uint64_t length);
std::uint32_t crc32_combine_shifted(std::uint32_t crc_a, std::uint32_t crc_b, std::uint32_t shift_b);

// Whether crc32_update folds with PCLMULQDQ on this machine, and whether it
// folds 256 bytes or more with VPCLMULQDQ on AVX-512 registers.
bool crc32_folds();
bool crc32_folds_wide();

}  // namespace concord::protocol
