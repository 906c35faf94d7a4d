// A PostgreSQL cluster of a test's own (deploy/dev/postgres.sh with its own
// CONCORD_PG_DIR and port), so that a test can stop and start the database
// under a running server without touching the cluster other tests share.
#pragma once

#include <string>

namespace concord::testing {

class PrivateCluster {
 public:
  // `name` picks the folder (kept between runs, so initdb runs once); the
  // port is a free one. Starts the cluster.
  explicit PrivateCluster(const std::string& name);
  ~PrivateCluster();  // stops the cluster
  PrivateCluster(const PrivateCluster&) = delete;
  PrivateCluster& operator=(const PrivateCluster&) = delete;

  void start();
  void stop();  // fast shutdown: every connection is cut
  // Drops and creates database `name`; returns its conninfo.
  std::string fresh_database(const std::string& name);

 private:
  int run(const std::string& action) const;
  std::string admin_conninfo() const;
  std::string socket_dir() const;
  std::string dir_;
  unsigned short port_;
};

}  // namespace concord::testing
