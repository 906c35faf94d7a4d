// StateHasher: builds a state_hash() from a match's fields in a fixed order.
// Games feed every piece of state (including hidden state and RNG state) in a
// deterministic order; the result is a lowercase hex SHA-256.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace concord::rules {

class StateHasher {
 public:
  StateHasher& add(std::int64_t v);
  StateHasher& add(std::uint64_t v);
  StateHasher& add(int v) { return add(static_cast<std::int64_t>(v)); }
  StateHasher& add(bool v) { return add(static_cast<std::int64_t>(v ? 1 : 0)); }
  StateHasher& add(std::string_view s);  // length-prefixed
  std::string hex() const;               // SHA-256 of everything added

 private:
  std::string buffer_;
};

}  // namespace concord::rules
