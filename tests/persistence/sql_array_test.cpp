// Array literals (persistence/src/sql_array.hpp), read back by PostgreSQL:
// every text comes back as it went in, whatever it holds, and every number.
#include <limits>

#include "db_test.hpp"
#include "sql_array.hpp"

namespace concord::persistence::test {
namespace {

using SqlArrayTest = DbTest;

TEST_F(SqlArrayTest, TextsComeBackAsTheyWentIn) {
  const std::vector<std::string> items = {"plain", "", "a \"quoted\" word", "back\\slash\\", "\\\"", "{braces,commas}",
                                          "NULL", "two\nlines\ttab", "ütf-8 ✓", std::string(300, '"')};
  detail::ArrayLiteral built;
  for (const auto& item : items) built.add(item);
  const std::string literal = built.take();
  pqxx::work txn(*conn_);
  const auto rows = txn.exec_params("SELECT unnest($1::text[])", literal);
  ASSERT_EQ(rows.size(), items.size());
  for (std::size_t i = 0; i < items.size(); ++i) EXPECT_EQ(rows[static_cast<int>(i)][0].as<std::string>(), items[i]);
  EXPECT_EQ(built.take(), "{}") << "the builder starts again empty";
}

TEST(SqlArray, QuotesEveryElementAndEscapesQuotesAndBackslashes) {
  EXPECT_EQ(detail::array_literal({"a", "b\"c", "d\\e", "", "f,g"}), R"({"a","b\"c","d\\e","","f,g"})");
  EXPECT_EQ(detail::array_literal({}), "{}");
}

TEST_F(SqlArrayTest, NumbersComeBackAsTheyWentIn) {
  const std::vector<std::int64_t> numbers = {0, 1, -1, 42, std::numeric_limits<std::int64_t>::min(),
                                             std::numeric_limits<std::int64_t>::max()};
  detail::ArrayLiteral built;
  for (auto n : numbers) built.add(n);
  pqxx::work txn(*conn_);
  const auto rows = txn.exec_params("SELECT unnest($1::bigint[])", built.take());
  ASSERT_EQ(rows.size(), numbers.size());
  for (std::size_t i = 0; i < numbers.size(); ++i) EXPECT_EQ(rows[static_cast<int>(i)][0].as<std::int64_t>(), numbers[i]);
}

}  // namespace
}  // namespace concord::persistence::test
