// Reused load-test accounts: session tokens kept in a file between runs, so
// that a bot with a fixed username (--account-prefix) resumes its session
// instead of registering (each Argon2id hash costs the server 64 MiB and
// ~130 ms of CPU). Thread-safe.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace concord::load {

class AccountStore {
 public:
  // Reads "<username> <token>" lines; a missing file is an empty store.
  // `path` empty = keep tokens in memory only.
  explicit AccountStore(std::string path = {});

  std::optional<std::string> token(const std::string& username) const;
  void set_token(const std::string& username, const std::string& token);
  // Rewrites the file (if any) with every token known; false if it cannot.
  bool save() const;

  // The text form, one "<username> <token>" per line (sorted), and its parse.
  static std::map<std::string, std::string> parse(const std::string& text);
  static std::string format(const std::map<std::string, std::string>& tokens);

 private:
  std::string path_;
  mutable std::mutex mutex_;
  std::map<std::string, std::string> tokens_;
};

}  // namespace concord::load
