// Protobuf wire format appended to a string by hand, for the few places that
// write a message's bytes without building the message (a view's part of an
// update, an update's envelope, an event serialized once per command): a
// varint, a tag, a length-delimited field. Protobuf parsers read the result
// as if protobuf had written it.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace concord::protocol::wire {

enum WireType : std::uint32_t { kVarint = 0, kLengthDelimited = 2, kFixed32 = 5 };

inline void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

// The same bytes written at `to` (room for 10), their count returned: for a
// writer that gathers a few varints and appends them at once.
inline std::size_t put_varint(char* to, std::uint64_t v) {
  std::size_t n = 0;
  for (; v >= 0x80; v >>= 7) to[n++] = static_cast<char>((v & 0x7F) | 0x80);
  to[n++] = static_cast<char>(v);
  return n;
}

inline std::size_t varint_size(std::uint64_t v) {
  std::size_t n = 1;
  for (; v >= 0x80; v >>= 7) ++n;
  return n;
}

inline void put_tag(std::string& out, std::uint32_t field, WireType type) {
  put_varint(out, static_cast<std::uint64_t>(field) << 3 | type);
}

// A length-delimited field (a string, bytes or an embedded message), written
// even when empty: proto3 leaves an empty string out, so callers skip it.
inline void put_bytes(std::string& out, std::uint32_t field, std::string_view bytes) {
  put_tag(out, field, kLengthDelimited);
  put_varint(out, bytes.size());
  out.append(bytes);
}

// The sizes of fields as proto3 writes them, to size a Cursor's place:
// a length-delimited field of `size` bytes (written even when empty); a
// string or bytes field, left out when empty; a varint field, left out when 0.
inline std::size_t bytes_field_size(std::uint32_t field, std::size_t size) {
  return varint_size(std::uint64_t{field} << 3) + varint_size(size) + size;
}
inline std::size_t string_field_size(std::uint32_t field, std::string_view s) {
  return s.empty() ? 0 : bytes_field_size(field, s.size());
}
inline std::size_t number_field_size(std::uint32_t field, std::uint64_t v) {
  return v ? varint_size(std::uint64_t{field} << 3) + varint_size(v) : 0;
}

// Writes fields at a place sized beforehand: for a message whose size is
// counted first, the string resized once and written through a pointer
// instead of appended to field by field (a capacity check per byte).
class Cursor {
 public:
  explicit Cursor(char* at) : at_(at) {}
  void varint(std::uint64_t v) { at_ += put_varint(at_, v); }
  void tag(std::uint32_t field, WireType type) { varint(static_cast<std::uint64_t>(field) << 3 | type); }
  void bytes(std::uint32_t field, std::string_view s) {  // written even when empty
    tag(field, kLengthDelimited);
    varint(s.size());
    if (!s.empty()) std::memcpy(at_, s.data(), s.size());
    at_ += s.size();
  }
  void string(std::uint32_t field, std::string_view s) {  // left out when empty, as proto3 does
    if (!s.empty()) bytes(field, s);
  }
  void number(std::uint32_t field, std::uint64_t v) {  // left out when 0
    if (v == 0) return;
    tag(field, kVarint);
    varint(v);
  }
  void message_head(std::uint32_t field, std::size_t payload) {
    tag(field, kLengthDelimited);
    varint(payload);
  }
  const char* at() const { return at_; }

 private:
  char* at_;
};

}  // namespace concord::protocol::wire
