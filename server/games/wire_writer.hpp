// Writes protobuf wire format straight into a string, field by field, with
// the bytes proto3 serialization gives (fields in number order, defaults
// skipped, repeated scalars packed). The adapters encode views with it: the
// view of every viewer after every command was most of a command's cost when
// built as a protobuf message (arena strings, size pass, UTF-8 checks) and
// serialized. tests/server/games/wire_writer_test.cpp holds every adapter's
// bytes equal to its protobuf message's serialization.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace concord::server::games {

class WireWriter {
 public:
  explicit WireWriter(std::string& out) : out_(out) {}

  void u64(int field, std::uint64_t v) {
    if (v == 0) return;
    tag(field, 0);
    varint(v);
  }
  void i64(int field, std::int64_t v) { u64(field, static_cast<std::uint64_t>(v)); }  // int32/int64: sign-extended
  void boolean(int field, bool v) { u64(field, v ? 1 : 0); }
  void str(int field, std::string_view s) {
    if (!s.empty()) element(field, s);
  }
  // One element of a repeated string field: written even when empty.
  void element(int field, std::string_view s) {
    tag(field, 2);
    varint(s.size());
    out_.append(s);
  }
  template <typename Strings>
  void strings(int field, const Strings& items) {
    for (const auto& s : items) element(field, s);
  }
  template <typename Ints>
  void packed(int field, const Ints& items) {
    if (items.empty()) return;
    const auto at = begin(field);
    for (auto x : items) varint(static_cast<std::uint64_t>(static_cast<std::int64_t>(x)));
    end(at);
  }
  // Bytes written earlier by another WireWriter (whole fields).
  void raw(std::string_view bytes) { out_.append(bytes); }
  // The tag and length of a length-delimited field of `size` bytes, which
  // the caller appends next (with raw()): for a submessage put together from
  // parts whose sizes are known, so that its length is not widened afterwards.
  void header(int field, std::size_t size) {
    tag(field, 2);
    varint(size);
  }
  // A length-delimited submessage: begin(), write its fields, end(begin's
  // result). begin() leaves one byte for the length, which is all a
  // submessage under 128 bytes needs (most cards and effects); end() widens
  // it only for longer ones, so nested messages are not moved byte by byte
  // each time one closes (that insert was ~10% of an EVE projection).
  std::size_t begin(int field) {
    tag(field, 2);
    out_.push_back('\0');
    return out_.size();
  }
  void end(std::size_t at) {
    const std::size_t size = out_.size() - at;
    if (size < 0x80) {
      out_[at - 1] = static_cast<char>(size);
      return;
    }
    char len[10];
    std::size_t n = 0;
    for (std::uint64_t v = size; ; v >>= 7) {
      len[n++] = static_cast<char>(v >= 0x80 ? (v & 0x7F) | 0x80 : v);
      if (v < 0x80) break;
    }
    out_[at - 1] = len[0];
    out_.insert(at, len + 1, n - 1);
  }

 private:
  void tag(int field, int wire_type) { varint((static_cast<std::uint64_t>(field) << 3) | static_cast<unsigned>(wire_type)); }
  void varint(std::uint64_t v) {
    if (v < 0x80) {
      out_.push_back(static_cast<char>(v));
      return;
    }
    char bytes[10];
    std::size_t n = 0;
    for (; v >= 0x80; v >>= 7) bytes[n++] = static_cast<char>((v & 0x7F) | 0x80);
    bytes[n++] = static_cast<char>(v);
    out_.append(bytes, n);
  }

  std::string& out_;
};

}  // namespace concord::server::games
