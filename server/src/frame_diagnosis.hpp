// Private to the network layer: why a binary frame did not parse as a
// ClientMessage. The protobuf parser refuses a string field holding invalid
// UTF-8 like any malformed frame; this tells the two apart so that the client
// gets INVALID_UTF8 (with its request_id) instead of a bare BAD_FRAME.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace concord::server::net {

struct FrameProblem {
  std::string code;     // "INVALID_UTF8" or "BAD_FRAME"
  std::string message;
  std::uint64_t request_id = 0;  // 0 for BAD_FRAME
};

// For bytes that ClientMessage::ParseFromArray refused.
FrameProblem diagnose_bad_frame(std::string_view bytes);

}  // namespace concord::server::net
