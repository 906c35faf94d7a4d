// A protobuf Arena whose first block is `Bytes` on the caller's stack: a
// message built or parsed on it and dropped before the scope ends costs no
// allocation while it fits (it grows onto the heap past that). For the
// server's short-lived messages: an incoming frame's ClientMessage
// (ws_session.cpp) and a 1.0 update's whole view (room_views.cpp).
#pragma once

#include <cstddef>

#include <google/protobuf/arena.h>

namespace concord::server {

template <std::size_t Bytes>
class StackArena {
 public:
  StackArena() : arena_(options(block_)) {}
  StackArena(const StackArena&) = delete;
  StackArena& operator=(const StackArena&) = delete;

  // A new message of type M on the arena, alive until this goes.
  template <typename M>
  M& make() {
    return *google::protobuf::Arena::CreateMessage<M>(&arena_);
  }

 private:
  static google::protobuf::ArenaOptions options(char* block) {
    google::protobuf::ArenaOptions out;
    out.initial_block = block;
    out.initial_block_size = Bytes;
    return out;
  }

  alignas(8) char block_[Bytes];  // before arena_: it outlives the arena's use of it
  google::protobuf::Arena arena_;
};

}  // namespace concord::server
