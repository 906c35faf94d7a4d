// Private to the network layer: building the bytes of outgoing frames.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "concord/v1/concord.pb.h"

namespace concord::server::net {

// A serialized ServerMessage holding only `seq`. Prepended to a body, it sets
// the body's seq (protobuf merges concatenated messages).
std::string seq_prefix(std::uint64_t seq);

// `message` serialized without its seq (the session stamps its own).
std::shared_ptr<const std::string> serialize_body(const concord::v1::ServerMessage& message);

// A serialized ServerMessage{request_id, error{code, message, request_id}}.
std::shared_ptr<const std::string> error_body(const std::string& code, const std::string& message,
                                              std::uint64_t request_id);

// Why an incoming frame is not delivered, and what the client is told.
struct FrameError {
  std::string code;
  std::string text;
  std::uint64_t request_id;  // the frame's, when its envelope decoded
};

// Decodes one incoming WebSocket frame into `message` (protocol/README.md
// "Framing"): a text frame, bytes that are not a ClientMessage and a
// ClientMessage without a body are refused. `request_id` is set to the
// frame's request_id whenever the envelope decoded (also when refused).
std::optional<FrameError> decode_frame(bool text, const void* data, std::size_t size,
                                       concord::v1::ClientMessage& message, std::uint64_t& request_id);

}  // namespace concord::server::net
