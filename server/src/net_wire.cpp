#include "net_wire.hpp"

namespace concord::server::net {

std::string seq_prefix(std::uint64_t seq) {
  concord::v1::ServerMessage header;
  header.set_seq(seq);
  return header.SerializeAsString();
}

std::shared_ptr<const std::string> serialize_body(const concord::v1::ServerMessage& message) {
  auto body = std::make_shared<std::string>();
  if (message.seq() == 0) {
    message.SerializeToString(body.get());
  } else {
    concord::v1::ServerMessage copy = message;
    copy.clear_seq();
    copy.SerializeToString(body.get());
  }
  return body;
}

std::shared_ptr<const std::string> error_body(const std::string& code, const std::string& message,
                                              std::uint64_t request_id) {
  concord::v1::ServerMessage reply;
  reply.set_request_id(request_id);
  auto* error = reply.mutable_error();
  error->set_code(code);
  error->set_message(message);
  error->set_request_id(request_id);
  return serialize_body(reply);
}

}  // namespace concord::server::net
