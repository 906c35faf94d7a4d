// A test's own PostgreSQL cluster (see private_cluster.hpp).
#include "private_cluster.hpp"

#include <cstdlib>
#include <filesystem>
#include <pqxx/pqxx>
#include <stdexcept>

#include "server_process.hpp"

#if !defined(CONCORD_SOURCE_DIR) || !defined(CONCORD_PRIVATE_PG_ROOT)
#error "CONCORD_SOURCE_DIR and CONCORD_PRIVATE_PG_ROOT must be defined"
#endif

namespace concord::testing {

PrivateCluster::PrivateCluster(const std::string& name)
    : dir_(std::string(CONCORD_PRIVATE_PG_ROOT) + "/" + name), port_(free_port()) {
  start();
}

PrivateCluster::~PrivateCluster() {
  run("stop");
  std::error_code ignored;
  std::filesystem::remove_all(socket_dir(), ignored);
}

std::string PrivateCluster::socket_dir() const { return "/tmp/concord-pgs-" + std::to_string(port_); }

void PrivateCluster::start() {
  if (run("start") != 0) throw std::runtime_error("could not start the private cluster in " + dir_);
}

void PrivateCluster::stop() {
  if (run("stop") != 0) throw std::runtime_error("could not stop the private cluster in " + dir_);
}

int PrivateCluster::run(const std::string& action) const {
  // The socket lives in a short path: a Unix socket path has at most 107 bytes.
  const std::string command = "CONCORD_PG_DIR='" + dir_ + "' CONCORD_PG_PORT=" + std::to_string(port_) +
                              " CONCORD_PG_SOCKET_DIR=" + socket_dir() + " bash '" CONCORD_SOURCE_DIR
                              "/deploy/dev/postgres.sh' " + action + " >/dev/null";
  return std::system(command.c_str());
}

std::string PrivateCluster::admin_conninfo() const {
  return "host=127.0.0.1 port=" + std::to_string(port_) + " dbname=concord user=concord";
}

std::string PrivateCluster::fresh_database(const std::string& name) {
  pqxx::connection admin(admin_conninfo());
  pqxx::nontransaction txn(admin);
  txn.exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  txn.exec("CREATE DATABASE " + name);
  return "host=127.0.0.1 port=" + std::to_string(port_) + " dbname=" + name + " user=concord";
}

}  // namespace concord::testing
