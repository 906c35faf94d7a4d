// The limits of the free-text fields of client requests that are not checked
// where they are used (names, passwords and ids checked by their handlers are
// not repeated here). Every string a client sends is valid UTF-8 already: the
// protobuf parser refuses anything else (answered INVALID_UTF8 by the session).
#pragma once

#include <optional>
#include <string>

#include "concord/v1/concord.pb.h"

namespace concord::server {

// What is wrong with a text field of `message` (for INVALID_TEXT), if anything.
std::optional<std::string> text_problem(const concord::v1::ClientMessage& message);

}  // namespace concord::server
