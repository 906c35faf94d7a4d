#include "account_store.hpp"

#include <fstream>
#include <sstream>

namespace concord::load {

AccountStore::AccountStore(std::string path) : path_(std::move(path)) {
  if (path_.empty()) return;
  std::ifstream file(path_);
  std::stringstream text;
  text << file.rdbuf();
  tokens_ = parse(text.str());
}

std::optional<std::string> AccountStore::token(const std::string& username) const {
  std::lock_guard lock(mutex_);
  const auto it = tokens_.find(username);
  if (it == tokens_.end()) return std::nullopt;
  return it->second;
}

void AccountStore::set_token(const std::string& username, const std::string& token) {
  std::lock_guard lock(mutex_);
  tokens_[username] = token;
}

bool AccountStore::save() const {
  if (path_.empty()) return true;
  std::string text;
  {
    std::lock_guard lock(mutex_);
    text = format(tokens_);
  }
  std::ofstream file(path_, std::ios::trunc);
  file << text;
  return static_cast<bool>(file);
}

std::map<std::string, std::string> AccountStore::parse(const std::string& text) {
  std::map<std::string, std::string> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string username, token, extra;
    if (words >> username >> token && !(words >> extra)) out[username] = token;
  }
  return out;
}

std::string AccountStore::format(const std::map<std::string, std::string>& tokens) {
  std::string out;
  for (const auto& [username, token] : tokens) out += username + " " + token + "\n";
  return out;
}

}  // namespace concord::load
