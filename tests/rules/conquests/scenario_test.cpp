// EVE: Conquests scenarios as files (scenarios/*.txt), in the form of EVE: The
// Second Genesis's (tests/support/scenario/scenario_file.hpp): a position
// (rules/conquests/README.md, "Position format"), the answers to submit through
// rules::apply (the server's entry), and lines the saved final position must
// hold. One test per file, named after it.
#include "conquests_test_util.hpp"
#include "scenario/scenario_file.hpp"

namespace concord::conquests {
namespace {

class ConquestsScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(ConquestsScenario, Holds) {
  const auto s = testsupport::read_scenario(std::filesystem::path(CQ_SCENARIO_DIR) / (GetParam() + ".txt"));
  std::string error;
  auto m = load_position(s.position, &error);
  ASSERT_NE(m, nullptr) << error;
  testsupport::play_scenario(s, *m, [&] { return save_position(*m); });
}

INSTANTIATE_TEST_SUITE_P(Rulebook, ConquestsScenario,
                         ::testing::ValuesIn(testsupport::scenario_names(CQ_SCENARIO_DIR)),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace concord::conquests
