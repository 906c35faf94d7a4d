#include "client/message_names.hpp"

#include "client/client_error.hpp"

namespace concord::client {

namespace {

std::string field_name(const google::protobuf::Descriptor* descriptor, int number) {
  const auto* field = descriptor->FindFieldByNumber(number);
  return field ? field->name() : "empty";
}

}  // namespace

std::string body_name(const v1::ServerMessage& message) {
  return field_name(v1::ServerMessage::descriptor(), static_cast<int>(message.body_case()));
}

std::string body_name(const v1::ClientMessage& message) {
  return field_name(v1::ClientMessage::descriptor(), static_cast<int>(message.body_case()));
}

void expect_body(const v1::ServerMessage& reply, v1::ServerMessage::BodyCase expected) {
  if (reply.body_case() == expected) return;
  if (reply.has_error()) throw ClientError::from_server(reply.error());
  throw ClientError(ClientError::Kind::Protocol, "UNEXPECTED_REPLY",
                    "expected " + field_name(v1::ServerMessage::descriptor(), static_cast<int>(expected)) + ", got " +
                        body_name(reply));
}

}  // namespace concord::client
