// Writing and reading a view delta's instructions (the format in
// view_delta.hpp and protocol/README.md, "View deltas"), shared by the byte
// search (view_delta.cpp) and the piece feed (view_feed.cpp), which puts a
// delta together from the pieces' own.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace concord::protocol {

// Appends instructions to `out` (emptied first). A COPY that continues the
// one before it in the base is merged into it, so that a caller may give a
// run piece by piece (the piece feed: one COPY per unchanged piece);
// finish() writes the COPY held and whatever is still in the writer's own
// buffer: `out` is complete only after finish(). Instructions gather in that
// buffer (a few hundred bytes on the stack) and reach `out` in a few appends:
// an append to the string per instruction head (a call, a capacity check)
// was a good part of what a viewer's delta cost.
class OpsWriter {
 public:
  explicit OpsWriter(std::string& out) : out_(out) { out_.clear(); }
  OpsWriter(const OpsWriter&) = delete;
  OpsWriter& operator=(const OpsWriter&) = delete;
  void insert(std::string_view literal);
  void copy(std::size_t from, std::size_t length);
  // Instructions written elsewhere, as they are: INSERTs only (`raw_inserts`),
  // or any whose COPYs are relative to the end of the COPY given just before
  // them and leave the base at `copy_end` (`raw`; see PieceChange).
  void raw_inserts(std::string_view ops);
  void raw(std::string_view ops, std::size_t copy_end);
  void finish() {
    flush();
    spill();
  }

  // After finish(), what was written (PieceChange keeps it): the first COPY
  // this writer wrote, where it lies in the instructions and where in the
  // base it copies from (length 0: it wrote none; raw() instructions come
  // after a COPY of the writer's own), and where the last COPY ended in the base.
  struct FirstCopy {
    std::size_t begin = 0, end = 0;
    std::uint64_t from = 0, length = 0;
  };
  const FirstCopy& first_copy() const { return first_; }
  std::size_t copy_end() const { return copy_end_; }

 private:
  static constexpr std::size_t kBuffer = 512;
  static constexpr std::size_t kHead = 20;  // the most one instruction's head takes (two varints)

  void flush();
  // Where the next byte goes in the instructions (out_ and then the buffer).
  std::size_t written() const { return out_.size() + fill_; }
  // Room for an instruction's head in the buffer.
  char* head_room() {
    if (kBuffer - fill_ < kHead) spill();
    return buffer_ + fill_;
  }
  void put(std::string_view bytes);
  void spill() {
    out_.append(buffer_, fill_);
    fill_ = 0;
  }

  std::string& out_;
  std::size_t copy_end_ = 0;   // in the base, after the last COPY written
  std::size_t copy_from_ = 0;  // the COPY held, if copy_length_
  std::size_t copy_length_ = 0;
  FirstCopy first_;
  std::size_t fill_ = 0;
  char buffer_[kBuffer];
};

// One instruction as read: an INSERT's bytes, or a COPY's base position;
// and where it lies in the instructions, [begin, end).
struct DeltaOp {
  bool insert = false;
  std::uint64_t length = 0;
  std::string_view literal;  // INSERT
  std::uint64_t from = 0;    // COPY: where in the base (absolute)
  std::size_t begin = 0, end = 0;
};

// Calls `op(DeltaOp)` for each instruction; false if they are malformed
// (truncated, or a COPY before the base's start). COPY bounds against a base
// are the caller's to check.
template <typename Op>
bool for_each_op(std::string_view ops, Op&& op);

namespace delta_detail {
bool get_varint(std::string_view in, std::size_t& at, std::uint64_t& v);
}

template <typename Op>
bool for_each_op(std::string_view ops, Op&& op) {
  std::size_t at = 0;
  std::uint64_t copy_end = 0;
  while (at < ops.size()) {
    std::uint64_t header = 0;
    DeltaOp next;
    next.begin = at;
    if (!delta_detail::get_varint(ops, at, header)) return false;
    next.length = header >> 1;
    if (header & 1) {
      if (next.length > ops.size() - at) return false;
      next.insert = true;
      next.literal = ops.substr(at, next.length);
      at += next.length;
    } else {
      std::uint64_t zigzag = 0;
      if (!delta_detail::get_varint(ops, at, zigzag)) return false;
      const auto d = static_cast<std::int64_t>(zigzag >> 1) ^ -static_cast<std::int64_t>(zigzag & 1);
      const auto from = static_cast<std::int64_t>(copy_end) + d;
      if (from < 0) return false;
      next.from = static_cast<std::uint64_t>(from);
      if (next.length > UINT64_MAX - next.from) return false;
      copy_end = next.from + next.length;
    }
    next.end = at;
    op(next);
  }
  return true;
}

}  // namespace concord::protocol
