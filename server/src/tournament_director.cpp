// The director's requests: organizers move an event on, players register and
// drop (tournament_director.hpp). Every request is checked, stored, then
// applied and answered with the event's TournamentInfo.
#include "tournament_director.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <chrono>

#include "deck_checks.hpp"
#include "tournament_views.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

constexpr auto kRetry = std::chrono::seconds(2);

std::int64_t now_unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool is_over(const std::string& status) { return status == "finished" || status == "cancelled"; }

}  // namespace

TournamentDirector::TournamentDirector(AppContext& ctx) : ctx_(ctx), strand_(ctx.ioc.get_executor()) {}

TournamentDirector::Event* TournamentDirector::find(std::int64_t id) {
  auto it = events_.find(id);
  return it == events_.end() ? nullptr : it->second.get();
}

TournamentDirector::Event* TournamentDirector::find_or_reply(const LinkPtr& link, std::uint64_t request_id,
                                                             std::int64_t id) {
  auto* event = find(id);
  if (!event) {
    link->send(make_error(request_id, "NO_SUCH_TOURNAMENT",
                          "no running or upcoming tournament " + std::to_string(id)));
  }
  return event;
}

void TournamentDirector::enqueue(std::int64_t id, std::function<void()> step) {
  auto* event = find(id);
  if (!event) return;
  event->steps.push_back(std::move(step));
  if (event->busy) return;
  event->busy = true;
  auto next = std::move(event->steps.front());
  event->steps.pop_front();
  next();
}

void TournamentDirector::step_done(std::int64_t id) {
  auto* event = find(id);
  if (!event) return;
  if (event->steps.empty()) {
    event->busy = false;
    return;
  }
  auto next = std::move(event->steps.front());
  event->steps.pop_front();
  next();
}

void TournamentDirector::store(std::int64_t id, Job job, std::function<void()> then, LinkPtr link,
                               std::uint64_t request_id) {
  auto self = shared_from_this();
  auto failed = [self, id, job, then, link, request_id] {
    self->on_strand([id, job, then, link, request_id](TournamentDirector& d) {
      if (link) {
        link->send(make_error(request_id, "UNAVAILABLE", "the database is unavailable; try again"));
        d.step_done(id);
        return;
      }
      auto timer = std::make_shared<boost::asio::steady_timer>(d.strand_, kRetry);
      timer->async_wait([self = d.shared_from_this(), timer, id, job, then](const boost::system::error_code&) {
        self->store(id, job, then);
      });
    });
  };
  ctx_.db.post(
      [self, job, then, failed](pqxx::connection& conn) {
        try {
          job(conn);
        } catch (const std::exception& e) {
          spdlog::error("tournament director: a write failed: {}", e.what());
          failed();
          throw;  // the worker resets its connection
        }
        self->on_strand([then](TournamentDirector&) { then(); });
      },
      failed);
}

void TournamentDirector::reply_info(const LinkPtr& link, std::uint64_t request_id, const Event& event) const {
  if (!link) return;
  v1::ServerMessage reply;
  reply.set_request_id(request_id);
  *reply.mutable_tournament() =
      info_from_records(event.data.record, event.data.entrants, event.data.tables, true);
  link->send(reply);
}

void TournamentDirector::push_to_entrants(const Event& event, const v1::ServerMessage& message) const {
  if (!push_) return;
  for (const auto& e : event.data.entrants) push_(e.player_id, message);
}

// --- organizers ---------------------------------------------------------------

void TournamentDirector::create(PlayerRef organizer, LinkPtr link, std::uint64_t request_id, TournamentConfig config,
                                std::vector<std::int64_t> staff) {
  persistence::TournamentRecord record;
  record.name = config.name;
  record.game = config.game;
  record.organizer_id = organizer.id;
  record.organizer = organizer.username;
  record.settings = config_to_text(config);
  record.status = "announced";
  record.created_unix_ms = now_unix_ms();
  auto self = shared_from_this();
  auto unavailable = [link, request_id] {
    link->send(make_error(request_id, "UNAVAILABLE", "the database is unavailable; try again"));
  };
  ctx_.db.post(
      [self, record, config, staff, link, request_id, unavailable](pqxx::connection& conn) mutable {
        try {
          record.id = persistence::TournamentRepository(conn).create(record);
        } catch (const std::exception& e) {
          spdlog::error("tournament director: creating an event failed: {}", e.what());
          unavailable();
          throw;
        }
        self->on_strand([record, config, staff, link, request_id](TournamentDirector& d) {
          auto event = std::make_unique<Event>();
          event->data.record = record;
          event->data.config = config;
          event->staff = staff;
          spdlog::info("tournament {} '{}' ({}) created by {}", record.id, record.name, record.game,
                       record.organizer);
          d.reply_info(link, request_id, *event);
          d.events_[record.id] = std::move(event);
        });
      },
      unavailable);
}

void TournamentDirector::control(PlayerRef who, bool admin, LinkPtr link, std::uint64_t request_id,
                                 std::int64_t id, int action) {
  on_strand([who, admin, link, request_id, id, action](TournamentDirector& d) {
    if (!d.find_or_reply(link, request_id, id)) return;
    d.enqueue(id, [&d, who, admin, link, request_id, id, action] {
      d.do_control(who, admin, link, request_id, id, action);
    });
  });
}

void TournamentDirector::do_control(PlayerRef who, bool admin, LinkPtr link, std::uint64_t request_id,
                                    std::int64_t id, int action) {
  auto* event = find(id);
  const auto& record = event->data.record;
  if (who.id != record.organizer_id && !admin) {
    link->send(make_error(request_id, "NOT_ORGANIZER", "only the organizer of tournament " + std::to_string(id) +
                                                           " (or an admin) may do that"));
    return step_done(id);
  }
  const auto& status = record.status;
  auto refuse = [&](const std::string& why) {
    link->send(make_error(request_id, "WRONG_TOURNAMENT_STATE", why + " (the tournament is " + status + ")"));
    step_done(id);
  };
  switch (action) {
    case v1::TournamentControl::OPEN_REGISTRATION:
      if (status != "announced" && status != "registration_closed") return refuse("registration cannot open now");
      return set_status(id, "registration", link, request_id);
    case v1::TournamentControl::CLOSE_REGISTRATION:
      if (status != "registration" && !(status == "running" && event->data.config.late_entries)) {
        return refuse("registration is not open");
      }
      if (status == "running") {  // late entries end; the event goes on
        event->data.config.late_entries = false;
        auto text = config_to_text(event->data.config);
        return store(
            id,
            [id, text](pqxx::connection& conn) {
              pqxx::work txn(conn);
              txn.exec_params("UPDATE tournaments SET settings = $2 WHERE id = $1", id, text);
              txn.commit();
            },
            [this, id, link, request_id] {
              if (auto* e = find(id)) reply_info(link, request_id, *e);
              step_done(id);
            },
            link, request_id);
      }
      return set_status(id, "registration_closed", link, request_id);
    case v1::TournamentControl::START:
      if (status != "registration" && status != "registration_closed" && status != "announced") {
        return refuse("the tournament cannot start now");
      }
      return start(id, link, request_id);
    case v1::TournamentControl::CANCEL:
      if (is_over(status)) return refuse("the tournament is over");
      return cancel(id, link, request_id);
    default:
      link->send(make_error(request_id, "INVALID_REQUEST", "unknown tournament action"));
      return step_done(id);
  }
}

void TournamentDirector::set_status(std::int64_t id, const std::string& status, LinkPtr link,
                                    std::uint64_t request_id) {
  store(
      id, [id, status](pqxx::connection& conn) { persistence::TournamentRepository(conn).set_status(id, status); },
      [this, id, status, link, request_id] {
        auto* event = find(id);
        event->data.record.status = status;
        spdlog::info("tournament {}: {}", id, status);
        reply_info(link, request_id, *event);
        step_done(id);
      },
      link, request_id);
}

// Registration ends, the seed is drawn and committed to, round 1 is paired.
void TournamentDirector::start(std::int64_t id, LinkPtr link, std::uint64_t request_id) {
  auto* event = find(id);
  int players = 0;
  for (const auto& e : event->data.entrants) players += e.dropped ? 0 : 1;
  if (players < 2) {
    link->send(make_error(request_id, "NOT_ENOUGH_PLAYERS", "a tournament needs at least 2 players"));
    return step_done(id);
  }
  rules::Seed seed;
  randombytes_buf(seed.bytes.data(), seed.bytes.size());
  EventRecords next = event->data;
  next.record.seed_hex = seed.hex();
  auto built = rebuild_tournament(next);
  auto* t = std::get_if<tournament::Tournament>(&built);
  if (!t) {
    link->send(make_error(request_id, "INVALID_SETTINGS", std::get<rules::Rejection>(built).message));
    return step_done(id);
  }
  if (auto refused = t->pair_next_round()) {
    link->send(make_error(request_id, refused->code, refused->message));
    return step_done(id);
  }
  std::vector<persistence::TableRecord> tables;
  const auto& round = t->rounds().back();
  const int seconds = event->data.config.round_seconds;
  for (std::size_t i = 0; i < round.pairings.size(); ++i) {
    const auto& p = round.pairings[i];
    tables.push_back({round.number, static_cast<int>(i) + 1, false, p.first, p.second,
                      seconds > 0 && p.second ? std::optional<std::int64_t>(now_unix_ms() + seconds * 1000LL)
                                              : std::nullopt,
                      false});
  }
  store_round(id, std::move(tables), true, seed.hex(), seed.commitment(), link, request_id);
}

// Results so far stay; games still being played go on but no longer count.
void TournamentDirector::cancel(std::int64_t id, LinkPtr link, std::uint64_t request_id) {
  store(
      id, [id](pqxx::connection& conn) { persistence::TournamentRepository(conn).set_status(id, "cancelled"); },
      [this, id, link, request_id] {
        auto* event = find(id);
        event->data.record.status = "cancelled";
        for (auto& [key, timer] : event->timers) timer->cancel();
        event->timers.clear();
        spdlog::info("tournament {}: cancelled", id);
        reply_info(link, request_id, *event);
        v1::ServerMessage push;
        push.mutable_tournament_round()->set_tournament_id(id);
        push.mutable_tournament_round()->set_round(static_cast<std::uint32_t>(event->data.current_round()));
        push_to_entrants(*event, push);
        step_done(id);
      },
      link, request_id);
}

void TournamentDirector::remove(PlayerRef who, bool admin, LinkPtr link, std::uint64_t request_id,
                                std::int64_t id, PlayerRef entrant) {
  on_strand([who, admin, link, request_id, id, entrant](TournamentDirector& d) {
    auto* event = d.find_or_reply(link, request_id, id);
    if (!event) return;
    if (who.id != event->data.record.organizer_id && !admin) {
      link->send(make_error(request_id, "NOT_ORGANIZER", "only the organizer may remove a player"));
      return;
    }
    d.enqueue(id, [&d, link, request_id, id, entrant] { d.drop_entrant(id, entrant.id, link, request_id); });
  });
}

void TournamentDirector::extend(PlayerRef judge, bool admin, LinkPtr link, std::uint64_t request_id,
                                std::int64_t id, int table_no, int seconds) {
  on_strand([judge, admin, link, request_id, id, table_no, seconds](TournamentDirector& d) {
    auto* event = d.find_or_reply(link, request_id, id);
    if (!event) return;
    const bool staff = std::find(event->staff.begin(), event->staff.end(), judge.id) != event->staff.end();
    if (!admin && !staff && judge.id != event->data.record.organizer_id) {
      link->send(make_error(request_id, "NOT_A_JUDGE", "only the event's judges may extend a match's time"));
      return;
    }
    d.enqueue(id, [&d, link, request_id, id, table_no, seconds] {
      auto* e = d.find(id);
      const int round = e->data.current_round();
      const auto* table = e->data.table(round, table_no);
      if (!table || !table->ends_unix_ms || table->ended) {
        link->send(make_error(request_id, "NO_SUCH_TABLE",
                              "table " + std::to_string(table_no) + " has no running time in round " +
                                  std::to_string(round)));
        return d.step_done(id);
      }
      const std::int64_t ends = *table->ends_unix_ms + seconds * 1000LL;
      d.store(
          id,
          [id, round, table_no, ends](pqxx::connection& conn) {
            persistence::TournamentRepository(conn).set_table_deadline(id, round, table_no, ends);
          },
          [&d, id, round, table_no, ends, link, request_id] {
            auto* ev = d.find(id);
            ev->data.table(round, table_no)->ends_unix_ms = ends;
            d.arm(id, "time " + std::to_string(round) + "/" + std::to_string(table_no), ends,
                  [&d, id, round, table_no] { d.time_over(id, round, table_no); });
            spdlog::info("tournament {}: table {} of round {} extended to {}", id, table_no, round, ends);
            v1::ServerMessage reply;
            reply.set_request_id(request_id);
            *reply.mutable_pairings() = pairings_from_records(id, round, ev->data.tables, ev->data.games,
                                                              names_of(ev->data), ev->data.config.best_of);
            link->send(reply);
            d.step_done(id);
          },
          link, request_id);
    });
  });
}

// --- players ------------------------------------------------------------------

void TournamentDirector::register_entrant(PlayerRef player, LinkPtr link, std::uint64_t request_id,
                                          std::int64_t id, std::optional<rules::Deck> deck) {
  on_strand([player, link, request_id, id, deck = std::move(deck)](TournamentDirector& d) {
    if (!d.find_or_reply(link, request_id, id)) return;
    d.enqueue(id, [&d, player, link, request_id, id, deck] {
      auto* event = d.find(id);
      auto& data = event->data;
      const auto& status = data.record.status;
      const bool late = status == "running" && data.config.late_entries &&
                        data.config.format == tournament::Format::Swiss && !data.top_cut_started();
      const auto closes = data.config.registration_closes_unix_ms;
      auto refuse = [&](const std::string& code, const std::string& why) {
        link->send(make_error(request_id, code, why));
        d.step_done(id);
      };
      if (status != "registration" && !late) return refuse("REGISTRATION_CLOSED", "registration is not open");
      if (closes > 0 && now_unix_ms() > closes && !late) return refuse("REGISTRATION_CLOSED", "registration has closed");
      if (data.entrant(player.id)) return refuse("ALREADY_REGISTERED", "you are already registered");
      const auto* game = d.ctx_.games.find(data.record.game);
      if (!deck && game && (data.config.deck_required || game->definition.needs_deck)) {
        return refuse("DECK_REQUIRED", "this tournament needs a deck (RegisterEntrant.deck_id)");
      }
      if (deck && game) {
        const auto problems = deck_problems(*game, deck);
        if (!problems.empty()) {
          auto reply = make_error(request_id, "DECK_INVALID", problems.front().message);
          for (const auto& p : problems) {
            auto* v = reply.mutable_error()->add_violations();
            v->set_code(p.code);
            v->set_message(p.message);
          }
          link->send(reply);
          return d.step_done(id);
        }
      }
      if (static_cast<int>(data.entrants.size()) >= data.config.max_players) {
        return refuse("TOURNAMENT_FULL", "the tournament is full");
      }
      persistence::EntrantRecord entrant;
      entrant.player_id = player.id;
      entrant.username = player.username;
      entrant.registration = static_cast<int>(data.entrants.size());
      entrant.first_round = late ? data.current_round() + 1 : 1;
      entrant.deck_body = deck ? deck->to_text() : std::string();
      d.store(
          id, [id, entrant](pqxx::connection& conn) { persistence::TournamentRepository(conn).add_entrant(id, entrant); },
          [&d, id, entrant, link, request_id] {
            auto* e = d.find(id);
            e->data.entrants.push_back(entrant);
            spdlog::info("tournament {}: {} registered (from round {})", id, entrant.username, entrant.first_round);
            d.reply_info(link, request_id, *e);
            d.step_done(id);
          },
          link, request_id);
    });
  });
}

void TournamentDirector::drop(PlayerRef player, LinkPtr link, std::uint64_t request_id, std::int64_t id) {
  on_strand([player, link, request_id, id](TournamentDirector& d) {
    if (!d.find_or_reply(link, request_id, id)) return;
    d.enqueue(id, [&d, player, link, request_id, id] { d.drop_entrant(id, player.id, link, request_id); });
  });
}

// Dropped (or removed): not paired again; the results stay.
void TournamentDirector::drop_entrant(std::int64_t id, std::int64_t player_id, LinkPtr link,
                                      std::uint64_t request_id) {
  auto* event = find(id);
  const auto* entrant = event->data.entrant(player_id);
  if (!entrant || entrant->dropped) {
    link->send(make_error(request_id, "NOT_REGISTERED", "no such player in the tournament, or already dropped"));
    return step_done(id);
  }
  if (is_over(event->data.record.status)) {
    link->send(make_error(request_id, "WRONG_TOURNAMENT_STATE", "the tournament is over"));
    return step_done(id);
  }
  store(
      id, [id, player_id](pqxx::connection& conn) { persistence::TournamentRepository(conn).set_dropped(id, player_id); },
      [this, id, player_id, link, request_id] {
        auto* e = find(id);
        for (auto& entrant : e->data.entrants) {
          if (entrant.player_id == player_id) entrant.dropped = true;
        }
        spdlog::info("tournament {}: {} dropped", id, e->data.name_of(player_id));
        reply_info(link, request_id, *e);
        step_done(id);
      },
      link, request_id);
}

}  // namespace concord::server
