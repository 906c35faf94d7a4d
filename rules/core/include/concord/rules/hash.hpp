// StateHasher: builds a state_hash() from a match's fields in a fixed order.
// Games feed every piece of state (including hidden state and RNG state) in a
// deterministic order; the result is lowercase hex.
// The bytes hashed are a tagged, fixed-width encoding ('i'/'u' + 8 bytes
// little-endian, 's' + 8-byte length + the bytes), streamed through the hash
// 1 KiB at a time: no buffer of the whole state is built (a room hashes the
// state after every accepted command).
//
// Four versions of the hash, told apart by their text alone, because a
// journal keeps the hashes it was written with and a rebuilt match is checked
// against them (recovery, rollback):
//   Sha256  64 hex digits, SHA-256 of the encoding; what matches journaled
//           before December 2026 carry.
//   Xxh64   16 hex digits, XXH64 (seed 0) of the same encoding. The hash
//           detects a replay that diverged, not an attacker (the server makes
//           every hash it compares), and SHA-256 was a tenth of a command's
//           cost in the games benchmark.
//   Fields  "v3:" and 16 hex digits (19 characters), XXH64 (seed 0) of the
//           same encoding. What a game feeds may differ from
//           the versions before: EVE hashed its whole position text up to
//           Xxh64 (building the text was most of that hash's cost) and feeds
//           the fields of its state from Fields on. Other games feed the same
//           bytes as for Xxh64: only the rendering differs.
//   CardHashes  "v4:" and 16 hex digits, as Fields. EVE feeds a card
//           instance's card as the XXH64 of its id instead of the id's text
//           (rules/eve_genesis/src/state_hash.cpp); other games feed the same
//           bytes as for Fields.
//   PackedLists  "v5:" and 16 hex digits, as CardHashes; the current one. A
//           list of numbers (add_list: EverZone's piles, Conquests' hands
//           and decks, EVE's references) is 'l' + its 8-byte length + 4 bytes
//           per element instead of its length and 9 bytes per element:
//           EverZone's lists were most of its hash's bytes, and the hash about
//           a seventh of what its commands cost beyond the engine in
//           games_bench (loadtest/README.md, games_ratio.sh).
// From Fields on a hash starts with "v<version>:" (a later version takes the
// next number); the two oldest are bare hex, told apart by their length.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace concord::rules {

enum class StateHashVersion { Sha256 = 1, Xxh64 = 2, Fields = 3, CardHashes = 4, PackedLists = 5 };
constexpr StateHashVersion kCurrentStateHash = StateHashVersion::PackedLists;

// The version a journaled hash was made with (by its length and prefix), if any.
std::optional<StateHashVersion> state_hash_version(std::string_view hash);

// XXH64 (seed 0) of `bytes`, the function of every version from Xxh64 on (also
// EVE's card numbers and CardDb's index).
std::uint64_t xxh64(std::string_view bytes);

class StateHasher {
 public:
  explicit StateHasher(StateHashVersion version = kCurrentStateHash);
  StateHashVersion version() const { return version_; }
  StateHasher& add(std::int64_t v) { return put('i', static_cast<std::uint64_t>(v)); }
  StateHasher& add(std::uint64_t v) { return put('u', v); }
  StateHasher& add(int v) { return add(static_cast<std::int64_t>(v)); }
  StateHasher& add(bool v) { return add(static_cast<std::int64_t>(v ? 1 : 0)); }
  // Length-prefixed. A string that fits in the buffer is copied here (most
  // are a few bytes: card ids, region keys); a longer one streams through.
  StateHasher& add(std::string_view s) {
    if (fill_ + 9 + s.size() > buffer_.size()) return add_long(s);
    put('s', s.size());
    if (!s.empty()) std::memcpy(buffer_.data() + fill_, s.data(), s.size());
    fill_ += s.size();
    return *this;
  }
  // add(v) for each of a few integers (or bools) in order: the same bytes,
  // one bounds check and no reload of the fill between them (the buffer's
  // byte stores may alias the hasher, as far as the compiler knows).
  template <typename... T>
  StateHasher& add_ints(T... values) {
    // Signed integers and bools: what add() feeds with the tag 'i' (an
    // unsigned 64-bit value is fed with 'u').
    static_assert(((std::is_same_v<T, bool> || (std::is_integral_v<T> && std::is_signed_v<T>)) && ...),
                  "add_ints takes signed integers and bools");
    static_assert(9 * sizeof...(T) <= 512, "a run of add_ints fits in the buffer after compress()");
    if (fill_ + 9 * sizeof...(T) > buffer_.size()) compress();
    std::uint8_t* out = buffer_.data() + fill_;
    ((out[0] = 'i', store_le64(out + 1, static_cast<std::uint64_t>(static_cast<std::int64_t>(values))), out += 9), ...);
    fill_ += 9 * sizeof...(T);
    return *this;
  }
  // add_list(l) for each of a few lists in order: the same bytes, with one
  // bounds check for all of them when they fit in the buffer.
  template <typename... Lists>
  StateHasher& add_lists(const Lists&... lists) {
    static_assert((std::is_same_v<Lists, std::vector<int>> && ...), "add_lists takes lists of numbers");
    const std::size_t total = ((9 + 4 * lists.size()) + ...);
    if (version_ >= StateHashVersion::PackedLists && total > room()) compress();
    if (version_ < StateHashVersion::PackedLists || total > room()) {
      (add_list(lists), ...);
      return *this;
    }
    std::uint8_t* out = buffer_.data() + (buffer_.size() - room());
    ((out = put_packed(out, lists)), ...);
    fill_ += total;
    return *this;
  }
  // add(v) for every element in order: the same bytes, one bounds check per
  // run of elements rather than per element (lists are most of a state).
  StateHasher& add_each(const std::vector<int>& values) { return add_each(values.data(), values.size()); }
  StateHasher& add_each(const int* v, std::size_t n) {
    while (n > 0) {
      if (fill_ + 9 > buffer_.size()) compress();
      const std::size_t run = std::min(n, (buffer_.size() - fill_) / 9);
      std::uint8_t* out = buffer_.data() + fill_;
      for (std::size_t i = 0; i < run; ++i, out += 9) {
        out[0] = 'i';
        store_le64(out + 1, static_cast<std::uint64_t>(static_cast<std::int64_t>(v[i])));
      }
      fill_ += 9 * run;
      v += run;
      n -= run;
    }
    return *this;
  }
  // A list: up to CardHashes its length (add) and each element (add_each),
  // the bytes those versions were journaled with; from PackedLists on 'l' +
  // the 8-byte length + each element as 4 bytes little-endian.
  StateHasher& add_list(const std::vector<int>& values) {
    if (version_ < StateHashVersion::PackedLists) return add(static_cast<std::int64_t>(values.size())).add_each(values);
    put('l', values.size());
    return add_packed(values.data(), values.size());
  }
  std::string hex() const;               // the hash of everything added, by version()
  // Hashes the whole blocks added so far now rather than when the buffer
  // fills; the hash is the same. A hasher kept to be copied (StateHasherPrefix)
  // then holds its part absorbed, not bytes each copy hashes again.
  void absorb_blocks() { compress(); }

 private:
  static void store_le64(std::uint8_t* out, std::uint64_t v) {
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(out, &v, sizeof v);
    } else {
      for (std::size_t i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(v >> (8 * i));
    }
  }
  // What the buffer has left (fill_ never passes its size: said so that the
  // compiler sees a write checked against it in bounds).
  std::size_t room() const { return buffer_.size() - std::min(fill_, buffer_.size()); }
  // add_list's bytes at `out` (the caller checked the room), from PackedLists on.
  static std::uint8_t* put_packed(std::uint8_t* out, const std::vector<int>& values) {
    out[0] = 'l';
    store_le64(out + 1, values.size());
    out += 9;
    if constexpr (std::endian::native == std::endian::little) {
      if (!values.empty()) std::memcpy(out, values.data(), 4 * values.size());
    } else {
      for (std::size_t i = 0; i < values.size(); ++i) {
        const auto u = static_cast<std::uint32_t>(values[i]);
        for (std::size_t b = 0; b < 4; ++b) out[4 * i + b] = static_cast<std::uint8_t>(u >> (8 * b));
      }
    }
    return out + 4 * values.size();
  }
  StateHasher& put(char tag, std::uint64_t v) {
    if (fill_ + 9 > buffer_.size()) compress();
    buffer_[fill_] = static_cast<std::uint8_t>(tag);
    store_le64(buffer_.data() + fill_ + 1, v);
    fill_ += 9;
    return *this;
  }
  // Each element as 4 bytes little-endian, a run at a time through the buffer.
  StateHasher& add_packed(const int* v, std::size_t n) {
    static_assert(sizeof(int) == 4, "an element is hashed as 4 bytes");
    while (n > 0) {
      if (fill_ + 4 > buffer_.size()) compress();
      const std::size_t run = std::min(n, (buffer_.size() - fill_) / 4);
      std::uint8_t* out = buffer_.data() + fill_;
      if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(out, v, 4 * run);
      } else {
        for (std::size_t i = 0; i < run; ++i) {
          const auto u = static_cast<std::uint32_t>(v[i]);
          for (std::size_t b = 0; b < 4; ++b) out[4 * i + b] = static_cast<std::uint8_t>(u >> (8 * b));
        }
      }
      fill_ += 4 * run;
      v += run;
      n -= run;
    }
    return *this;
  }
  void compress();  // hashes the whole blocks of buffer_ and keeps the rest
  StateHasher& add_long(std::string_view s);  // add(s) through compress() as the buffer fills

  StateHashVersion version_;
  std::array<std::uint32_t, 8> state_;  // Sha256
  std::array<std::uint64_t, 4> lanes_;  // Xxh64, Fields
  std::array<std::uint8_t, 1024> buffer_;
  std::size_t fill_ = 0;
  std::uint64_t compressed_ = 0;  // bytes already in state_ (or lanes_)
};

// A StateHasher resumed after the first part of a state's encoding, when that
// part depends only on a few lists that rarely change (EverZone: which card
// and which owner each instance has, fixed for the whole match). The part is
// fed once per distinct key and the hasher copied from then on; the hash is
// the same as feeding it every time. A copy of the cache starts empty.
class StateHasherPrefix {
 public:
  StateHasherPrefix() = default;
  StateHasherPrefix(const StateHasherPrefix&) {}
  StateHasherPrefix& operator=(const StateHasherPrefix&) { return *this; }

  // A hasher that has absorbed what `feed` adds; `feed` must add only what
  // `key` (the lists it reads) determines.
  template <typename Feed>
  StateHasher resume(StateHashVersion version, std::initializer_list<const std::vector<int>*> key, Feed&& feed) const {
    std::lock_guard lock(mutex_);
    if (!hasher_ || hasher_->version() != version || !same_key(key)) {
      key_.clear();
      for (const auto* list : key) key_.push_back(*list);
      StateHasher h(version);
      feed(h);
      h.absorb_blocks();
      hasher_ = h;
    }
    return *hasher_;
  }

 private:
  bool same_key(std::initializer_list<const std::vector<int>*> key) const {
    if (key.size() != key_.size()) return false;
    std::size_t i = 0;
    for (const auto* list : key) {
      if (*list != key_[i++]) return false;
    }
    return true;
  }

  mutable std::mutex mutex_;
  mutable std::vector<std::vector<int>> key_;
  mutable std::optional<StateHasher> hasher_;
};

}  // namespace concord::rules
