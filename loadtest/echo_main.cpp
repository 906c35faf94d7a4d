// concord-echo: the transport limit for loadtest/peer_bench.sh. A tiny Boost.Beast
// WebSocket echo server and a closed-loop client on the same stack as
// concord-server (Asio, Beast, one I/O thread, TCP_NODELAY):
//   concord-echo server --port P
//   concord-echo client --port P --connections N --bytes B --warmup W --measure S --server-pid PID
// The client keeps N connections each sending a B-byte binary frame and waiting
// for its echo, and prints the round trips in the window and the server's CPU
// over it as a "bench:" line (see loadtest/README.md).
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/program_options.hpp>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>

#include "proc_sample.hpp"

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace po = boost::program_options;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);

struct EchoOptions {
  unsigned short port = 18190;
  int connections = 100;
  std::size_t bytes = 64;
  double warmup = 2;
  double measure = 10;
  int server_pid = 0;
};

// On the bare socket, as concord-server's plain WebSocket sessions (net_types.hpp).
asio::awaitable<void> echo_session(tcp::socket socket) {
  socket.set_option(tcp::no_delay(true));
  websocket::stream<tcp::socket> ws(std::move(socket));
  auto [accept_error] = co_await ws.async_accept(kTuple);
  if (accept_error) co_return;
  beast::flat_buffer buffer;
  for (;;) {
    auto [read_error, read] = co_await ws.async_read(buffer, kTuple);
    if (read_error) co_return;
    ws.binary(ws.got_binary());
    auto [write_error, written] = co_await ws.async_write(buffer.data(), kTuple);
    if (write_error) co_return;
    buffer.consume(buffer.size());
  }
}

asio::awaitable<void> accept_loop(tcp::acceptor& acceptor) {
  for (;;) {
    auto [error, socket] = co_await acceptor.async_accept(kTuple);
    if (error) co_return;
    asio::co_spawn(acceptor.get_executor(), echo_session(std::move(socket)), asio::detached);
  }
}

int run_server(const EchoOptions& options) {
  asio::io_context io(1);
  tcp::acceptor acceptor(io, {asio::ip::make_address("127.0.0.1"), options.port});
  asio::co_spawn(io, accept_loop(acceptor), asio::detached);
  io.run();
  return 0;
}

struct ClientState {
  Clock::time_point window_start, window_end;
  std::uint64_t round_trips = 0;  // inside the window
  int failed = 0;
};

asio::awaitable<void> echo_client(unsigned short port, std::size_t bytes, ClientState& state) {
  auto executor = co_await asio::this_coro::executor;
  tcp::socket socket(executor);
  auto [connect_error] = co_await socket.async_connect({asio::ip::make_address("127.0.0.1"), port}, kTuple);
  if (connect_error) {
    ++state.failed;
    co_return;
  }
  socket.set_option(tcp::no_delay(true));
  websocket::stream<beast::tcp_stream> ws(std::move(socket));
  auto [handshake_error] = co_await ws.async_handshake("127.0.0.1", "/", kTuple);
  if (handshake_error) {
    ++state.failed;
    co_return;
  }
  ws.binary(true);
  const std::string payload(bytes, 'x');
  beast::flat_buffer buffer;
  while (Clock::now() < state.window_end) {
    auto [write_error, written] = co_await ws.async_write(asio::buffer(payload), kTuple);
    auto [read_error, read] = co_await ws.async_read(buffer, kTuple);
    if (write_error || read_error) {
      ++state.failed;
      co_return;
    }
    buffer.consume(buffer.size());
    const auto now = Clock::now();
    if (now >= state.window_start && now < state.window_end) ++state.round_trips;
  }
  co_await ws.async_close(websocket::close_code::normal, kTuple);
}

int run_client(const EchoOptions& options) {
  asio::io_context io(1);
  ClientState state;
  const auto seconds = [](double s) { return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s)); };
  state.window_start = Clock::now() + seconds(options.warmup);
  state.window_end = state.window_start + seconds(options.measure);
  for (int i = 0; i < options.connections; ++i) {
    asio::co_spawn(io, echo_client(options.port, options.bytes, state), asio::detached);
  }
  std::optional<concord::load::CpuTimes> cpu_start, cpu_end;
  asio::steady_timer start_timer(io, state.window_start), end_timer(io, state.window_end);
  start_timer.async_wait([&](auto) { cpu_start = concord::load::process_cpu_times(options.server_pid); });
  end_timer.async_wait([&](auto) { cpu_end = concord::load::process_cpu_times(options.server_pid); });
  io.run();
  const double cpu = cpu_start && cpu_end ? cpu_end->total - cpu_start->total : 0;
  const double sys = cpu_start && cpu_end ? cpu_end->system - cpu_start->system : 0;
  std::cout << std::fixed << std::setprecision(3) << "echo: " << options.connections << " connections, "
            << options.bytes << "-byte frames, " << state.failed << " failed\n"
            << "bench: round_trips=" << state.round_trips << " window_s=" << options.measure
            << " server_cpu_s=" << cpu << " server_sys_s=" << sys
            << " round_trips_per_cpu_s=" << (cpu > 0 ? state.round_trips / cpu : 0)
            << "\n";
  return state.failed == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  EchoOptions options;
  std::string mode;
  po::options_description desc("concord-echo server|client [options]");
  desc.add_options()("help,h", "show this help")("mode", po::value(&mode)->required(), "server or client")(
      "port", po::value(&options.port)->default_value(options.port), "port on 127.0.0.1")(
      "connections", po::value(&options.connections)->default_value(options.connections), "client: connections")(
      "bytes", po::value(&options.bytes)->default_value(options.bytes), "client: frame size")(
      "warmup", po::value(&options.warmup)->default_value(options.warmup), "client: seconds before the window")(
      "measure", po::value(&options.measure)->default_value(options.measure), "client: window in seconds")(
      "server-pid", po::value(&options.server_pid)->default_value(0), "client: the echo server's pid");
  po::positional_options_description positional;
  positional.add("mode", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(desc).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << desc;
      return 0;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "concord-echo: " << e.what() << "\n" << desc;
    return 2;
  }
  if (mode == "server") return run_server(options);
  if (mode == "client") return run_client(options);
  std::cerr << "concord-echo: mode must be server or client\n";
  return 2;
}
