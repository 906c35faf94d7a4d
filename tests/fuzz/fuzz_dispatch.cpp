// ClientMessage decoding and dispatch through a server with no network and
// no database (dispatch_world.hpp). The input is a script of operations on
// three connections (format: dispatch_script.hpp): binary or text frames (the
// bytes the session would read), logins (answered as successful when they
// reach the database) and closes. After each operation the server's queued work is run to the end,
// then:
// - every message sent is a valid ServerMessage; an Error carries the
//   envelope's request_id;
// - a request with a non-zero request_id got exactly one reply (a message
//   with that request_id) on its own connection, unless the server closed
//   that connection (its messages are then dropped, as documented);
// - other connections got only pushes (request_id 0);
// - the dispatcher threw nothing (the session would answer INTERNAL).
// Room ids are random, so a room_id "#c" (any character c) names room
// number (c mod count) in creation order.
// Not covered: the session's rate limit (time-based) and match play, which
// needs the database to record the match start (the engine fuzzers cover
// the engines; here a full room stays STARTING).
#include <cstdio>
#include <cstdlib>
#include <exception>

#include <google/protobuf/stubs/logging.h>
#include <spdlog/spdlog.h>

#include "dispatch_script.hpp"
#include "dispatch_world.hpp"
#include "engine_checks.hpp"
#include "net_wire.hpp"

namespace {

using concord::fuzz::DispatchWorld;
using concord::fuzz::require;
namespace v1 = concord::v1;

constexpr int kMaxOps = 200;

struct Snapshot {
  std::array<std::size_t, DispatchWorld::kLinks> seen{};
};

Snapshot snapshot(const DispatchWorld& world) {
  Snapshot s;
  for (int slot = 0; slot < DispatchWorld::kLinks; ++slot) {
    if (auto link = world.peek(slot)) s.seen[static_cast<std::size_t>(slot)] = link->received.size();
  }
  return s;
}

// FUZZ_DISPATCH_TRACE=1 prints every message sent (to see what a script does).
void trace(const DispatchWorld& world, const Snapshot& before) {
  static const bool on = std::getenv("FUZZ_DISPATCH_TRACE") != nullptr;
  if (!on) return;
  for (int s = 0; s < DispatchWorld::kLinks; ++s) {
    const auto link = world.peek(s);
    for (std::size_t i = before.seen[static_cast<std::size_t>(s)]; link && i < link->received.size(); ++i) {
      std::fprintf(stderr, "-> link %d: %s\n", s, link->received[i].ShortDebugString().c_str());
    }
  }
}

void check_messages(const DispatchWorld& world, const Snapshot& before, int slot, std::uint64_t request_id) {
  for (int s = 0; s < DispatchWorld::kLinks; ++s) {
    const auto link = world.peek(s);
    if (!link) continue;
    int replies = 0;
    for (std::size_t i = before.seen[static_cast<std::size_t>(s)]; i < link->received.size(); ++i) {
      const auto& m = link->received[i];
      if (m.has_error()) {
        require(!m.error().code().empty(), "an Error without a code");
        require(m.error().request_id() == m.request_id(), "an Error whose request_ids differ: " + m.DebugString());
      }
      if (s != slot) require(m.request_id() == 0, "another connection got a reply: " + m.DebugString());
      if (s == slot && request_id != 0 && m.request_id() == request_id) ++replies;
    }
    if (s == slot && request_id != 0 && !link->closed) {
      require(replies == 1, "request " + std::to_string(request_id) + " got " + std::to_string(replies) + " replies");
    }
  }
}

// Runs `act` (one request on `slot`), the work it queued, and the checks.
template <typename F>
void request(DispatchWorld& world, int slot, std::uint64_t request_id, F&& act) {
  world.link(slot);
  const auto before = snapshot(world);
  try {
    act();
  } catch (const std::exception& e) {
    require(false, std::string("the dispatcher threw: ") + e.what());
  }
  world.settle();
  trace(world, before);
  check_messages(world, before, slot, request_id);
  for (int s = 0; s < DispatchWorld::kLinks; ++s) {
    if (auto link = world.peek(s); link && link->closed) world.close(s);
  }
  world.settle();
}

// What the session does with the bytes of one frame (ws_session.cpp handle_frame).
void frame(DispatchWorld& world, int slot, bool text, std::string_view bytes) {
  v1::ClientMessage message;
  std::uint64_t request_id = 0;
  const auto refused = concord::server::net::decode_frame(text, bytes.data(), bytes.size(), message, request_id);
  request(world, slot, request_id, [&] {
    const auto link = world.link(slot);
    if (refused) return link->send_shared(concord::server::net::error_body(refused->code, refused->text, refused->request_id));
    world.resolve_room_id(message);
    world.dispatcher().on_message(link, std::move(message));
  });
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  google::protobuf::SetLogHandler(nullptr);  // no "invalid UTF-8" line per mutated frame
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  concord::fuzz::FuzzInput in(data, size);
  DispatchWorld world;
  for (int op = 0; op < kMaxOps && !in.empty(); ++op) {
    const auto code = in.byte();
    const int slot = (code >> 4) % DispatchWorld::kLinks;
    switch (code & 0x0f) {
      case concord::fuzz::kOpLogin: {
        const std::uint64_t request_id = in.byte();
        const int player = in.byte() % 3;
        const bool resume = in.byte() % 2 == 1;
        request(world, slot, request_id, [&] { world.log_in(slot, request_id, player, resume); });
        break;
      }
      case concord::fuzz::kOpClose: world.close(slot); break;
      default: {
        const std::size_t length = in.byte() | (std::size_t{in.byte()} << 8);
        frame(world, slot, (code & 0x0f) == concord::fuzz::kOpText, in.take(length));
      }
    }
  }
  return 0;
}
