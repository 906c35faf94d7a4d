// The input format of the dispatch fuzzer (fuzz_dispatch.cpp), written by
// the corpus generator. A script is a sequence of operations; the first byte
// of each is (slot << 4) | kind, slot = one of three connections:
//   kind 0-11, 15  binary frame: 2-byte little-endian length, then the bytes
//   kind 14        text frame: the same layout
//   kind 12        login: request_id byte, player byte (0 alice, 1 bob,
//                  2 carol), resume byte (odd = Resume, else Login)
//   kind 13        close the connection (the next use opens a new one)
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "concord/v1/concord.pb.h"

namespace concord::fuzz {

enum ScriptOp : std::uint8_t { kOpFrame = 0, kOpLogin = 12, kOpClose = 13, kOpText = 14 };

class DispatchScript {
 public:
  DispatchScript& frame(int slot, const v1::ClientMessage& message);
  DispatchScript& raw(int slot, const std::string& bytes, bool text = false);
  DispatchScript& login(int slot, std::uint8_t request_id, int player, bool resume = false);
  DispatchScript& close(int slot);
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

// Writes the seed scripts: name -> script bytes.
void write_dispatch_scripts(const std::function<void(const std::string&, const std::string&)>& write);

}  // namespace concord::fuzz
