// Rulebook scenarios as files (scenarios/*.txt): a position (README.md,
// "Position format"), the answers to submit, and lines the saved final
// position must hold; the file format is tests/support/scenario/scenario_file.hpp.
// One test per file, named after it.
#include "eve_test_util.hpp"
#include "scenario/scenario_file.hpp"

namespace concord::eve {
namespace {

class EveScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(EveScenario, Holds) {
  const auto s = testsupport::read_scenario(std::filesystem::path(EVE_SCENARIO_DIR) / (GetParam() + ".txt"));
  std::string error;
  auto m = load_position(s.position, &error);
  ASSERT_NE(m, nullptr) << error;
  testsupport::play_scenario(s, *m, [&] { return save_position(*m); });
}

INSTANTIATE_TEST_SUITE_P(Rulebook, EveScenario, ::testing::ValuesIn(testsupport::scenario_names(EVE_SCENARIO_DIR)),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace concord::eve
