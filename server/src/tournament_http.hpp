// The tournament reads as read-only JSON on the HTTP port (protocol/README.md
// section 12): GET /tournaments, /tournaments/<id>,
// /tournaments/<id>/pairings[/<round>], /tournaments/<id>/standings[/<round>].
// Bodies are the protobuf JSON mapping of the protocol's own messages
// (TournamentList, TournamentInfo, Pairings, Standings); errors are
// {"code": ..., "message": ...} with 404 (unknown event, round or path),
// 503 (database unreachable, or too many reads in flight) or 500.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "concord/server/http_json_source.hpp"
#include "tournament_reader.hpp"

namespace concord::server {

struct AppContext;

// One parsed request path.
struct TournamentPath {
  enum class Kind { List, Info, Pairings, Standings };
  Kind kind = Kind::List;
  std::int64_t id = 0;
  int round = 0;  // 0: the current round (pairings), the newest snapshot (standings)
};

// Strict: "/tournaments", "/tournaments/<id>", "/tournaments/<id>/pairings",
// "/tournaments/<id>/pairings/<round>", "/tournaments/<id>/standings",
// "/tournaments/<id>/standings/<round>"; ids are 1-18 digits without a
// leading zero, rounds 0-1000; nothing else (no trailing slash), at most
// kMaxPathBytes.
std::optional<TournamentPath> parse_tournament_path(std::string_view path);

// {"code":"<code>","message":"<message>"} with JSON string escaping.
std::string json_error(std::string_view code, std::string_view message);

// The HTTP status of a read error code.
int http_status_of(const std::string& code);

class TournamentHttp : public HttpJsonSource {
 public:
  static constexpr std::size_t kMaxPathBytes = 128;
  static constexpr int kDefaultMaxInFlight = 8;

  explicit TournamentHttp(AppContext& ctx, int max_in_flight = kDefaultMaxInFlight);
  TournamentHttp(persistence::WorkerPool& db, int max_in_flight);

  bool serves(std::string_view path) const override;
  void get(std::string path, std::function<void(int status, std::string body)> done) override;

 private:
  TournamentReader reader_;
  int max_in_flight_;
  std::shared_ptr<std::atomic<int>> in_flight_ = std::make_shared<std::atomic<int>>(0);
};

}  // namespace concord::server
