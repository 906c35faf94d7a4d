#include "delta/delta_ops.hpp"

#include <cstring>

#include "delta/wire_bytes.hpp"

namespace concord::protocol {

namespace delta_detail {

bool get_varint(std::string_view in, std::size_t& at, std::uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64 && at < in.size(); shift += 7) {
    const auto byte = static_cast<unsigned char>(in[at++]);
    v |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

}  // namespace delta_detail

void OpsWriter::put(std::string_view bytes) {
  if (bytes.size() <= kBuffer - fill_) {
    std::memcpy(buffer_ + fill_, bytes.data(), bytes.size());
    fill_ += bytes.size();
    return;
  }
  spill();
  if (bytes.size() <= kBuffer / 2) {
    std::memcpy(buffer_, bytes.data(), bytes.size());
    fill_ = bytes.size();
    return;
  }
  out_.append(bytes);
}

void OpsWriter::insert(std::string_view literal) {
  if (literal.empty()) return;
  flush();
  char* head = head_room();
  fill_ += wire::put_varint(head, (static_cast<std::uint64_t>(literal.size()) << 1) | 1);
  put(literal);
}

void OpsWriter::copy(std::size_t from, std::size_t length) {
  if (length == 0) return;
  if (copy_length_ && copy_from_ + copy_length_ == from) {
    copy_length_ += length;
    return;
  }
  flush();
  copy_from_ = from;
  copy_length_ = length;
}

void OpsWriter::raw_inserts(std::string_view ops) {
  if (ops.empty()) return;
  flush();
  put(ops);
}

void OpsWriter::raw(std::string_view ops, std::size_t copy_end) {
  if (ops.empty()) return;
  flush();
  put(ops);
  copy_end_ = copy_end;
}

void OpsWriter::flush() {
  if (!copy_length_) return;
  const auto d = static_cast<std::int64_t>(copy_from_) - static_cast<std::int64_t>(copy_end_);
  char* head = head_room();
  std::size_t n = wire::put_varint(head, static_cast<std::uint64_t>(copy_length_) << 1);
  n += wire::put_varint(head + n, (static_cast<std::uint64_t>(d) << 1) ^ static_cast<std::uint64_t>(d >> 63));
  if (!first_.length) first_ = {written(), written() + n, copy_from_, copy_length_};
  fill_ += n;
  copy_end_ = copy_from_ + copy_length_;
  copy_length_ = 0;
}

}  // namespace concord::protocol
