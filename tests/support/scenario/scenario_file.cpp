#include "scenario/scenario_file.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace concord::testsupport {

namespace {

// A saved line without its '#N' card ids.
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

void run_command(rules::Match& m, const std::string& text, int line) {
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

void check_expect(const std::string& saved, const std::string& want, int line) {
  std::istringstream lines(saved);
  const bool exact = want.find('#') != std::string::npos;
  std::string got;
  while (std::getline(lines, got)) {
    if ((exact ? got : strip_ids(got)) == want) return;
  }
  ADD_FAILURE() << "expect line " << line << " not found: '" << want << "'\nposition:\n" << saved;
}

}  // namespace

ScenarioFile read_scenario(const std::filesystem::path& path) {
  std::ifstream in(path);
  ScenarioFile s;
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

std::vector<std::string> scenario_names(const std::filesystem::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".txt") out.push_back(e.path().stem().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void play_scenario(const ScenarioFile& scenario, rules::Match& match, const std::function<std::string()>& saved) {
  for (const auto& [line, text] : scenario.commands) {
    run_command(match, text, line);
    if (::testing::Test::HasFatalFailure()) return;
  }
  ASSERT_FALSE(scenario.expect.empty()) << "a scenario needs an [expect] section";
  const std::string position = saved();
  for (const auto& [line, text] : scenario.expect) check_expect(position, text, line);
}

}  // namespace concord::testsupport
