// concord-cli: a terminal client for Concord, scriptable from stdin.
// See loadtest/README.md for the commands and the output format.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "cli_shell.hpp"

namespace po = boost::program_options;

namespace {

struct CliFlags {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  bool tls = false;
  bool insecure = false;
  bool strict = false;
  double timeout = 10;
};

int parse_flags(int argc, char** argv, CliFlags& flags) {
  po::options_description desc("concord-cli options");
  desc.add_options()("help,h", "show this help")("host", po::value(&flags.host)->default_value(flags.host),
                                                 "server host")(
      "port", po::value(&flags.port)->default_value(flags.port), "server port")("tls", po::bool_switch(&flags.tls),
                                                                                "connect with wss:// (TLS)")(
      "insecure", po::bool_switch(&flags.insecure), "with --tls: do not verify the server certificate")(
      "timeout", po::value(&flags.timeout)->default_value(flags.timeout), "request timeout in seconds")(
      "strict", po::bool_switch(&flags.strict), "exit with status 1 if any command failed");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "concord-cli: " << e.what() << "\n" << desc;
    return 2;
  }
  if (vm.count("help")) {
    std::cout << desc << "Commands are read from stdin, one per line; type 'help'.\n";
    return 0;
  }
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  CliFlags flags;
  if (const int status = parse_flags(argc, argv, flags); status >= 0) return status;

  concord::client::ClientOptions options;
  options.tls = flags.tls;
  options.verify = !flags.insecure;
  options.timeout = std::chrono::milliseconds(static_cast<long long>(flags.timeout * 1000));
  options.client_name = "concord-cli";
  auto connector = [&] {
    auto client = concord::client::Client::connect(flags.host, flags.port, options);
    client->hello();
    return client;
  };

  concord::cli::CliShell shell(connector, std::cout);
  if (!shell.connect()) return 2;
  const bool interactive = isatty(STDIN_FILENO) != 0;
  std::string line;
  for (;;) {
    if (interactive) std::cout << "> " << std::flush;
    if (!std::getline(std::cin, line)) break;
    if (!shell.execute(line)) break;
  }
  shell.print_pushes();
  return flags.strict && shell.had_error() ? 1 : 0;
}
