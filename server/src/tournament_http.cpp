// TournamentHttp: the tournament reads as JSON documents on the HTTP port.
#include "tournament_http.hpp"

#include <charconv>
#include <cstdio>
#include <vector>

#include "app_context.hpp"
#include "tournament_views.hpp"

namespace concord::server {

namespace {

constexpr std::string_view kPrefix = "/tournaments";

// Digits only, no sign, no leading zero (but "0" itself when allowed).
std::optional<std::int64_t> strict_number(std::string_view text, std::size_t max_digits) {
  if (text.empty() || text.size() > max_digits) return std::nullopt;
  if (text.size() > 1 && text.front() == '0') return std::nullopt;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  std::int64_t value = 0;
  const auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<std::string_view> split(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const auto slash = text.find('/', start);
    parts.push_back(text.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
    if (slash == std::string_view::npos) return parts;
    start = slash + 1;
  }
}

// Sends a read's result (or its error) as a JSON document.
template <typename T>
std::function<void(ReadResult<T>)> to_json(std::function<void(int, std::string)> done) {
  return [done = std::move(done)](ReadResult<T> result) {
    if (const auto* error = std::get_if<ReadError>(&result)) {
      done(http_status_of(error->code), json_error(error->code, error->message));
      return;
    }
    done(200, message_to_json(std::get<T>(result)));
  };
}

}  // namespace

std::optional<TournamentPath> parse_tournament_path(std::string_view path) {
  if (path.size() > TournamentHttp::kMaxPathBytes || path.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  const auto rest = path.substr(kPrefix.size());
  if (rest.empty()) return TournamentPath{};
  if (rest.front() != '/') return std::nullopt;
  const auto parts = split(rest.substr(1));  // <id>[/pairings|standings[/<round>]]
  if (parts.size() > 3) return std::nullopt;
  TournamentPath out;
  const auto id = strict_number(parts[0], 18);
  if (!id || *id < 1) return std::nullopt;
  out.id = *id;
  if (parts.size() == 1) {
    out.kind = TournamentPath::Kind::Info;
    return out;
  }
  if (parts[1] == "pairings") {
    out.kind = TournamentPath::Kind::Pairings;
  } else if (parts[1] == "standings") {
    out.kind = TournamentPath::Kind::Standings;
  } else {
    return std::nullopt;
  }
  if (parts.size() == 3) {
    const auto round = strict_number(parts[2], 4);
    if (!round || *round > TournamentReader::kMaxRound) return std::nullopt;
    out.round = static_cast<int>(*round);
  }
  return out;
}

std::string json_error(std::string_view code, std::string_view message) {
  auto quote = [](std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
            out += escaped;
          } else {
            out += c;
          }
      }
    }
    return out + "\"";
  };
  return "{\"code\":" + quote(code) + ",\"message\":" + quote(message) + "}";
}

int http_status_of(const std::string& code) {
  if (code == read_errors::kNoSuchTournament || code == read_errors::kNoSuchRound ||
      code == read_errors::kNoStandingsYet || code == read_errors::kNoSuchPlayer) {
    return 404;
  }
  if (code == read_errors::kUnavailable) return 503;
  if (code == "INVALID_REQUEST") return 400;
  return 500;
}

TournamentHttp::TournamentHttp(AppContext& ctx, int max_in_flight) : reader_(ctx), max_in_flight_(max_in_flight) {}
TournamentHttp::TournamentHttp(persistence::WorkerPool& db, int max_in_flight)
    : reader_(db), max_in_flight_(max_in_flight) {}

bool TournamentHttp::serves(std::string_view path) const {
  return path == kPrefix || path.substr(0, kPrefix.size() + 1) == "/tournaments/";
}

void TournamentHttp::get(std::string path, std::function<void(int status, std::string body)> done) {
  const auto parsed = parse_tournament_path(path);
  if (!parsed) {
    done(404, json_error("NOT_FOUND",
                         "no such document; try /tournaments, /tournaments/<id>, /tournaments/<id>/pairings/<round>"
                         " or /tournaments/<id>/standings[/<round>]"));
    return;
  }
  // At most max_in_flight_ reads from HTTP at once: the database workers
  // serve the players first.
  if (in_flight_->fetch_add(1) >= max_in_flight_) {
    in_flight_->fetch_sub(1);
    done(503, json_error("BUSY", "too many requests in flight; try again"));
    return;
  }
  auto finish = [in_flight = in_flight_, done = std::move(done)](int status, std::string body) {
    in_flight->fetch_sub(1);
    done(status, std::move(body));
  };
  switch (parsed->kind) {
    case TournamentPath::Kind::List: return reader_.list(to_json<v1::TournamentList>(std::move(finish)));
    case TournamentPath::Kind::Info: return reader_.info(parsed->id, to_json<v1::TournamentInfo>(std::move(finish)));
    case TournamentPath::Kind::Pairings:
      return reader_.pairings(parsed->id, parsed->round, to_json<v1::Pairings>(std::move(finish)));
    case TournamentPath::Kind::Standings:
      return reader_.standings(parsed->id, parsed->round, to_json<v1::Standings>(std::move(finish)));
  }
}

}  // namespace concord::server
