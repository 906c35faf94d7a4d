// text_limits: UTF-8 validity, lengths and cuts on character boundaries.
#include "text_limits.hpp"

#include <gtest/gtest.h>

namespace concord::server {
namespace {

const std::string kEuro = "\xE2\x82\xAC";  // U+20AC, 3 bytes

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

TEST(TextLimits, ValidUtf8AcceptsEveryEncodingLength) {
  EXPECT_TRUE(valid_utf8(""));
  EXPECT_TRUE(valid_utf8("plain ascii"));
  EXPECT_TRUE(valid_utf8("caf\xC3\xA9 " + kEuro + " \xF0\x9F\x9A\x80"));
}

TEST(TextLimits, ValidUtf8RefusesMalformedSequences) {
  EXPECT_FALSE(valid_utf8("\xC3"));              // truncated
  EXPECT_FALSE(valid_utf8("\xC3\x28"));          // bad continuation
  EXPECT_FALSE(valid_utf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(valid_utf8("\xE0\x80\xAF"));      // overlong
  EXPECT_FALSE(valid_utf8("\xED\xA0\x80"));      // surrogate U+D800
  EXPECT_FALSE(valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(valid_utf8("\x80"));              // lone continuation
  EXPECT_FALSE(valid_utf8(kEuro.substr(0, 2)));
}

TEST(TextLimits, PrefixNeverEndsInsideACharacter) {
  const auto text = repeat(kEuro, 70);  // 210 bytes
  const auto cut = utf8_prefix(text, 64);
  EXPECT_EQ(cut, repeat(kEuro, 64));
  const auto by_bytes = utf8_prefix(text, 1000, 64);  // 64 bytes fall inside the 22nd euro sign
  EXPECT_EQ(by_bytes, repeat(kEuro, 21));
  EXPECT_TRUE(valid_utf8(by_bytes));
  EXPECT_EQ(utf8_prefix("short", 64), "short");
  EXPECT_EQ(utf8_length(text), 70u);
}

TEST(TextLimits, PrintableTextCountsCharactersAndRefusesControls) {
  EXPECT_TRUE(printable_text(repeat(kEuro, 64), 1, 64));
  EXPECT_FALSE(printable_text(repeat(kEuro, 65), 1, 64));
  EXPECT_FALSE(printable_text("", 1, 64));
  EXPECT_TRUE(printable_text("", 0, 64));
  EXPECT_FALSE(printable_text("tab\there", 0, 64));
  EXPECT_FALSE(printable_text(std::string("nul\0here", 8), 0, 64));
  EXPECT_FALSE(printable_text("c1 \xC2\x85 control", 0, 64));
  EXPECT_FALSE(printable_text("\xC3\x28", 0, 64));
}

TEST(TextLimits, PrintableTextCountsAsciiAndMultibyteCharactersAlike) {
  EXPECT_TRUE(printable_text(std::string(64, 'a'), 64, 64));
  EXPECT_FALSE(printable_text(std::string(65, 'a'), 0, 64));
  EXPECT_TRUE(printable_text(" ~", 2, 2));                      // the ends of printable ASCII
  EXPECT_FALSE(printable_text("del \x7F here", 0, 64));          // DEL is a control character
  EXPECT_TRUE(printable_text("ab" + repeat(kEuro, 3) + "cd", 7, 7));
  EXPECT_FALSE(printable_text("ab" + repeat(kEuro, 3) + "cde", 0, 7));
  EXPECT_FALSE(printable_text("ab\xE2\x82", 0, 64));            // a character cut short after ASCII
}

}  // namespace
}  // namespace concord::server
