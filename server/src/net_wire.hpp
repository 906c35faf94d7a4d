// Private to the network layer: building the bytes of outgoing frames.
#pragma once

#include <cstdint>
#include <memory>
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

}  // namespace concord::server::net
