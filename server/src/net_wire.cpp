#include "net_wire.hpp"

#include "delta/wire_bytes.hpp"
#include "frame_diagnosis.hpp"

namespace concord::server::net {

// ServerMessage.seq is field 1: at most 11 bytes, within the string's own
// buffer, where building a ServerMessage to serialize it cost ~400 instructions.
std::string seq_prefix(std::uint64_t seq) {
  namespace wire = concord::protocol::wire;
  constexpr std::uint32_t kSeqField = 1;
  std::string prefix(wire::number_field_size(kSeqField, seq), '\0');
  wire::Cursor(prefix.data()).number(kSeqField, seq);
  return prefix;
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

std::optional<FrameError> decode_frame(bool text, const void* data, std::size_t size,
                                       concord::v1::ClientMessage& message, std::uint64_t& request_id) {
  const bool parsed = !text && message.ParseFromArray(data, static_cast<int>(size));
  request_id = parsed ? message.request_id() : 0;
  if (text) return FrameError{"TEXT_FRAMES_UNSUPPORTED", "send binary frames holding a ClientMessage", 0};
  if (!parsed) {
    // A string field that is not UTF-8 fails the parse too: tell it apart.
    auto problem = diagnose_bad_frame({static_cast<const char*>(data), size});
    return FrameError{std::move(problem.code), std::move(problem.message), problem.request_id};
  }
  if (message.body_case() == concord::v1::ClientMessage::BODY_NOT_SET) {
    return FrameError{"BAD_FRAME", "the ClientMessage has no body", request_id};
  }
  return std::nullopt;
}

}  // namespace concord::server::net
