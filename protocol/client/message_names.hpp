// Names of envelope bodies ("match_update", "login", ...) for logs and errors,
// and a reply-type check used by the typed client helpers.
#pragma once

#include <string>

#include "concord/v1/concord.pb.h"

namespace concord::client {

// The name of the oneof field that is set, or "empty".
std::string body_name(const v1::ServerMessage& message);
std::string body_name(const v1::ClientMessage& message);

// Throws ClientError::from_server for an Error reply, ClientError(Protocol,
// UNEXPECTED_REPLY) for any other body than `expected`.
void expect_body(const v1::ServerMessage& reply, v1::ServerMessage::BodyCase expected);

}  // namespace concord::client
