// EVE: Conquests scenarios as files (scenarios/*.txt), in the form of EVE: The
// Second Genesis's (tests/rules/eve_genesis/scenario_test.cpp): a position
// (rules/conquests/README.md, "Position format"), the answers to submit through
// rules::apply (the server's entry), and lines the saved final position must
// hold. One test per file, named after it.
//
//   # comments
//   [position]
//   <position format, README.md>
//   [commands]
//   answer <seat> <option>[=<value>] ...     must be accepted
//   reject <seat> <option>[=<value>] ... CODE  must be rejected with CODE,
//                                             leaving state_hash() unchanged
//   concede <seat>
//   [expect]
//   <lines that must appear in save_position() of the final state; a line
//    written without '#N' card ids matches the saved line with ids removed>
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "concord/rules/match.hpp"
#include "conquests_test_util.hpp"

namespace concord::conquests {
namespace {

namespace fs = std::filesystem;

struct Scenario {
  std::string position;
  std::vector<std::pair<int, std::string>> commands;  // (line, text)
  std::vector<std::pair<int, std::string>> expect;
};

Scenario read_scenario(const fs::path& path) {
  std::ifstream in(path);
  Scenario s;
  std::string line, section;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line[0] == '[') {
      section = line;
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    if (section == "[position]") s.position += line + "\n";
    if (section == "[commands]") s.commands.push_back({n, line});
    if (section == "[expect]") s.expect.push_back({n, line});
  }
  return s;
}

std::string strip_ids(const std::string& line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '#') {
      out += line[i];
      continue;
    }
    while (i + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[i + 1]))) ++i;
  }
  return out;
}

void run_command(ConquestsMatch& m, const std::string& text, int line) {
  SCOPED_TRACE("command line " + std::to_string(line) + ": " + text);
  if (text.rfind("reject ", 0) == 0) {
    const auto last = text.find_last_of(' ');
    auto cmd = rules::Command::from_text("answer " + text.substr(7, last - 7));
    ASSERT_TRUE(cmd) << "malformed command";
    const std::string before = m.state_hash();
    const auto out = rules::apply(m, *cmd);
    ASSERT_FALSE(out.accepted) << "accepted";
    EXPECT_EQ(out.rejection->code, text.substr(last + 1)) << out.rejection->message;
    EXPECT_EQ(m.state_hash(), before);
    return;
  }
  auto cmd = rules::Command::from_text(text);
  ASSERT_TRUE(cmd) << "malformed command";
  auto out = rules::apply(m, *cmd);
  ASSERT_TRUE(out.accepted) << out.rejection->code << ": " << out.rejection->message;
}

void check_expect(const ConquestsMatch& m, const std::string& want, int line) {
  const std::string saved = save_position(m);
  std::istringstream lines(saved);
  const bool exact = want.find('#') != std::string::npos;
  std::string got;
  while (std::getline(lines, got)) {
    if ((exact ? got : strip_ids(got)) == want) return;
  }
  ADD_FAILURE() << "expect line " << line << " not found: '" << want << "'\nposition:\n" << saved;
}

class ConquestsScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(ConquestsScenario, Holds) {
  const Scenario s = read_scenario(fs::path(CQ_SCENARIO_DIR) / (GetParam() + ".txt"));
  std::string error;
  auto m = load_position(s.position, &error);
  ASSERT_NE(m, nullptr) << error;
  for (const auto& [line, text] : s.commands) {
    run_command(*m, text, line);
    if (HasFatalFailure()) return;
  }
  ASSERT_FALSE(s.expect.empty()) << "a scenario needs an [expect] section";
  for (const auto& [line, text] : s.expect) check_expect(*m, text, line);
}

std::vector<std::string> scenario_names() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(CQ_SCENARIO_DIR)) {
    if (e.path().extension() == ".txt") out.push_back(e.path().stem().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

INSTANTIATE_TEST_SUITE_P(Rulebook, ConquestsScenario, ::testing::ValuesIn(scenario_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace concord::conquests
