// concord-storm: a registration storm from many connections while a probe
// client, logged in on its own connection, measures how long ListDecks takes
// before and during the storm. Optionally times failed logins for unknown
// usernames against wrong passwords of a known one. See loadtest/README.md.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include <boost/program_options.hpp>

#include "client/client.hpp"

namespace po = boost::program_options;
using concord::client::Client;
using concord::client::ClientError;
using concord::client::ClientOptions;
using Clock = std::chrono::steady_clock;

namespace {

struct StormConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  int connections = 200;     // storm connections
  int per_connection = 5;    // registrations each, one after the other
  int pipeline = 1;          // threads per connection sending at once
  int probe_interval_ms = 50;
  int login_timing = 0;      // failed logins timed per kind (0 = skip)
  int timeout_s = 120;
};

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Latencies {
  std::vector<double> ms;
  void print(const std::string& label) {
    if (ms.empty()) return void(std::cout << label << ": no samples\n");
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * ms.size()))]; };
    std::cout << label << ": n=" << ms.size() << " p50=" << at(0.5) << " ms p95=" << at(0.95) << " ms max=" << ms.back()
              << " ms\n";
  }
};

std::unique_ptr<Client> open(const StormConfig& c) {
  ClientOptions options;
  options.timeout = std::chrono::seconds(c.timeout_s);
  options.client_name = "concord-storm";
  auto client = Client::connect(c.host, c.port, options);
  client->hello();
  return client;
}

// ListDecks every probe_interval_ms until `stop`.
Latencies probe(Client& client, const StormConfig& c, const std::atomic<bool>& stop) {
  Latencies out;
  while (!stop) {
    const auto start = Clock::now();
    client.list_decks();
    out.ms.push_back(ms_since(start));
    std::this_thread::sleep_for(std::chrono::milliseconds(c.probe_interval_ms));
  }
  return out;
}

struct StormResult {
  std::mutex mutex;
  std::map<std::string, int> outcomes;  // "ok" or the error code
  void add(const std::string& outcome) {
    std::lock_guard lock(mutex);
    ++outcomes[outcome];
  }
};

void storm_connection(const StormConfig& c, int index, const std::string& tag, StormResult& result) {
  std::unique_ptr<Client> client;
  try {
    client = open(c);
  } catch (const ClientError& e) {
    return result.add("connect:" + e.code());
  }
  std::vector<std::thread> senders;
  for (int p = 0; p < c.pipeline; ++p) {
    senders.emplace_back([&, p] {
      for (int i = p; i < c.per_connection; i += c.pipeline) {
        try {
          client->register_player(tag + "c" + std::to_string(index) + "r" + std::to_string(i), "storm-password");
          result.add("ok");
        } catch (const ClientError& e) {
          result.add(e.code());
        }
      }
    });
  }
  for (auto& t : senders) t.join();
}

void run_storm(const StormConfig& c, Client& probe_client, const std::string& tag) {
  std::atomic<bool> stop{false};
  Latencies idle = [&] {
    std::atomic<bool> stop_idle{false};
    std::thread timer([&] {
      std::this_thread::sleep_for(std::chrono::seconds(1));
      stop_idle = true;
    });
    auto out = probe(probe_client, c, stop_idle);
    timer.join();
    return out;
  }();
  Latencies during;
  std::thread prober([&] { during = probe(probe_client, c, stop); });
  StormResult result;
  const auto start = Clock::now();
  std::vector<std::thread> storm;
  for (int i = 0; i < c.connections; ++i) storm.emplace_back(storm_connection, std::cref(c), i, tag, std::ref(result));
  for (auto& t : storm) t.join();
  const double storm_ms = ms_since(start);
  stop = true;
  prober.join();
  std::cout << "storm: " << c.connections << " connections x " << c.per_connection << " registrations (pipeline "
            << c.pipeline << ") in " << storm_ms << " ms:";
  for (const auto& [outcome, n] : result.outcomes) std::cout << " " << outcome << "=" << n;
  std::cout << "\n";
  idle.print("ListDecks before the storm");
  during.print("ListDecks during the storm");
}

// Failed logins of an unknown username against a wrong password for a known
// one, alternated. (Run the server with a high --login-failures-per-minute.)
void time_logins(const StormConfig& c, Client& client, const std::string& known) {
  Latencies unknown, wrong;
  for (int i = 0; i < c.login_timing; ++i) {
    for (auto* kind : {&unknown, &wrong}) {
      const auto start = Clock::now();
      try {
        client.login(kind == &unknown ? "nobody" + std::to_string(i) : known, "not-the-password");
      } catch (const ClientError&) {
      }
      kind->ms.push_back(ms_since(start));
    }
  }
  unknown.print("failed login, unknown username");
  wrong.print("failed login, wrong password");
}

bool parse(int argc, char** argv, StormConfig& c) {
  po::options_description desc("concord-storm options");
  desc.add_options()("help,h", "show this help")("host", po::value(&c.host)->default_value(c.host), "server host")(
      "port", po::value(&c.port)->default_value(c.port), "server port")(
      "connections", po::value(&c.connections)->default_value(c.connections), "storm connections")(
      "per-connection", po::value(&c.per_connection)->default_value(c.per_connection), "registrations per connection")(
      "pipeline", po::value(&c.pipeline)->default_value(c.pipeline), "registrations in flight per connection")(
      "probe-interval-ms", po::value(&c.probe_interval_ms)->default_value(c.probe_interval_ms), "ListDecks period")(
      "login-timing", po::value(&c.login_timing)->default_value(c.login_timing), "failed logins timed per kind")(
      "timeout", po::value(&c.timeout_s)->default_value(c.timeout_s), "request timeout in seconds");
  po::variables_map vm;
  po::store(po::parse_command_line(argc, argv, desc), vm);
  po::notify(vm);
  if (vm.count("help")) std::cout << desc << "\n";
  return !vm.count("help");
}

}  // namespace

int main(int argc, char** argv) {
  StormConfig c;
  try {
    if (!parse(argc, argv, c)) return 0;
    const auto tag = "s" + std::to_string(std::random_device{}() % 1000000) + "x";
    auto probe_client = open(c);
    const auto probe_name = tag + "probe";
    probe_client->register_player(probe_name, "probe-password");
    probe_client->login(probe_name, "probe-password");
    run_storm(c, *probe_client, tag);
    if (c.login_timing > 0) {
      auto timing_client = open(c);
      time_logins(c, *timing_client, probe_name);
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "concord-storm: " << e.what() << "\n";
    return 2;
  }
}
