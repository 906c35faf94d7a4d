// run_server: wires network, application and persistence together.
#include "concord/server/app.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <algorithm>
#include <limits>
#include <thread>
#include <vector>

#include "concord/persistence/database.hpp"
#include "concord/persistence/repositories.hpp"
#include "concord/server/metrics.hpp"
#include "concord/server/network.hpp"
#include "capabilities.hpp"
#include "dispatcher.hpp"
#include "net_log.hpp"
#include "passwords.hpp"
#include "recovery.hpp"
#include "tournament_director.hpp"
#include "tournament_http.hpp"

namespace concord::server {

namespace {

// Migrations, capabilities, then recovery: the tournaments are loaded before
// the matches come back (a match that ended during recovery tells its event)
// and resumed after them (each game finds its room again).
void prepare_database(const persistence::DatabaseConfig& db, AppContext& ctx, TournamentDirector& tournaments) {
  auto conn = persistence::connect(db);
  for (const auto& name : persistence::migrate(*conn)) spdlog::info("applied migration {}", name);
  // Before recovery reads the logs, and before the journal writes a block of its own.
  if (const auto folded = persistence::MatchRepository(*conn).fold_journal_blocks()) {
    spdlog::info("journal: {} command(s) left in blocks by the previous process folded into their matches", folded);
  }
  ctx.capabilities.load_granted(persistence::JudgeRepository(*conn).judges());
  ctx.capabilities.load_organizers(persistence::TournamentRepository(*conn).organizers());
  tournaments.load(*conn);
  const auto report = recover_matches(ctx, *conn);
  spdlog::info("recovery: {} match(es) restored, {} aborted", report.restored, report.failed);
  tournaments.resume(*conn);
}

std::unique_ptr<persistence::Journal> make_journal(const Config& config, const persistence::DatabaseConfig& db) {
  if (!config.journal) {
    spdlog::warn("journal is OFF: accepted commands are not persisted (benchmark mode)");
    return nullptr;
  }
  persistence::JournalOptions options;
  options.batch_window = std::chrono::milliseconds(config.journal_window_ms);
  if (config.journal_block_runs == 0) {
    options.block_runs = std::numeric_limits<std::size_t>::max();
  } else {
    options.block_runs = static_cast<std::size_t>(config.journal_block_runs);
  }
  auto journal = std::make_unique<persistence::Journal>(db, options);
  Metrics::instance().set_journal_source([j = journal.get()] {
    const auto stats = j->stats();
    return std::make_pair(stats.last_batch_seconds, stats.pending);
  });
  return journal;
}

// Reachable only if both the journal (which probes while idle) and the
// request workers reached the database on their last attempt.
void report_database(const persistence::WorkerPool& workers, const persistence::Journal* journal) {
  Metrics::instance().set_database_source([&workers, journal] {
    auto status = workers.reachability();
    if (journal) {
      const auto journaled = journal->reachability();
      status.reachable = status.reachable && journaled.reachable;
      status.unreachable_seconds = std::max(status.unreachable_seconds, journaled.unreachable_seconds);
    }
    return Metrics::DatabaseStatus{status.reachable, status.unreachable_seconds};
  });
}

// Runs the io_context until it is stopped. A handler that throws is logged
// and the thread goes on running the others: one failed handler must not end
// the process.
void run_io(boost::asio::io_context& ioc) {
  for (;;) {
    try {
      ioc.run();
      return;
    } catch (const std::exception& e) {
      spdlog::error("an I/O handler threw: {}", e.what());
    } catch (...) {
      spdlog::error("an I/O handler threw a non-standard exception");
    }
  }
}

void run_threads(boost::asio::io_context& ioc, int count) {
  std::vector<std::thread> threads;
  for (int i = 1; i < count; ++i) threads.emplace_back([&ioc] { run_io(ioc); });
  run_io(ioc);
  for (auto& t : threads) t.join();
}

}  // namespace

int run_server(const Config& config, GameCatalog catalog) {
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  init_crypto();
  net::route_protobuf_logs();
  const persistence::DatabaseConfig db{config.database};
  try {
    boost::asio::io_context ioc(config.threads);
    auto workers = std::make_unique<persistence::WorkerPool>(db, config.db_workers);
    auto journal = make_journal(config, db);
    Lobby lobby;
    LoginThrottle throttle(config.login_failures_per_minute, static_cast<std::size_t>(config.login_throttle_entries));
    auto hasher = std::make_unique<PasswordHasher>(config.hash_workers, static_cast<std::size_t>(config.hash_queue));
    report_database(*workers, journal.get());
    Capabilities capabilities(config.admins, config.judges, config.organizers);
    AppContext ctx{ioc, config, catalog, *workers, journal.get(), lobby, throttle, *hasher, capabilities, nullptr, nullptr};
    lobby.set_context(&ctx);
    auto tournaments = std::make_shared<TournamentDirector>(ctx);
    ctx.match_end = tournaments.get();
    ctx.tournaments = tournaments.get();
    prepare_database(db, ctx, *tournaments);

    auto dispatcher = std::make_shared<Dispatcher>(ctx);
    NetworkServer network(ioc, config, dispatcher, std::make_shared<TournamentHttp>(ctx));
    spdlog::info("concord-server listening on {}:{} ({} games)", config.address, network.port(),
                 catalog.all().size());
    boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int signal) {
      spdlog::info("signal {}: shutting down", signal);
      // Every client gets its 1001 close before the I/O threads stop.
      network.shutdown(std::chrono::seconds(config.shutdown_timeout_s), [&] {
        if (journal) journal->stop();
        ioc.stop();
      });
    });
    run_threads(ioc, config.threads);
    Metrics::instance().set_database_source({});
    // Drain request jobs while everything they reference is alive: password
    // jobs first (they may still post database jobs), then database jobs
    // (a password job they post now is refused: UNAVAILABLE).
    hasher.reset();
    workers.reset();
    if (journal) journal->stop();
    spdlog::info("concord-server stopped");
    return 0;
  } catch (const std::exception& e) {
    spdlog::critical("concord-server failed: {}", e.what());
    return 1;
  }
}

}  // namespace concord::server
