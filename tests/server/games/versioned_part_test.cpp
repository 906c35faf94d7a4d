// VersionedPart (server/games/versioned_part.hpp): a part of the views
// written again whole or section by section, with a new version only when
// its bytes change, and a change that turns the version before into it.
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "delta/crc32_fold.hpp"
#include "delta/view_delta.hpp"
#include "versioned_part.hpp"

namespace concord::server::games {
namespace {

// The part written in sections: kept where `keep[i]` (and allowed), else written.
void write_sections(VersionedPart& part, const std::vector<std::string>& sections, const std::vector<bool>& keep) {
  part.rewrite_sections(sections.size(), true, [&](VersionedPart::Sections& s) {
    for (std::size_t i = 0; i < sections.size(); ++i) {
      if (keep[i] && s.can_keep()) {
        s.keep();
      } else {
        s.write([&](WireWriter& w) { w.raw(sections[i]); });
      }
    }
  });
}

std::string joined(const std::vector<std::string>& sections) {
  std::string out;
  for (const auto& s : sections) out += s;
  return out;
}

// What a viewer would rebuild from the version before and the part's change.
void expect_change_rebuilds(const VersionedPart& part, const std::string& before, std::uint64_t before_key) {
  ASSERT_EQ(part.change.from_key, before_key);
  ASSERT_EQ(part.change.from_size, before.size());
  const auto rebuilt = protocol::apply_view_delta(before, part.change.ops);
  ASSERT_TRUE(rebuilt.has_value());
  EXPECT_EQ(*rebuilt, part.bytes());
  EXPECT_EQ(part.crc, protocol::crc32_update(0, part.bytes()));
}

std::string card(std::mt19937& rng) {
  static const char* names[] = {"Meraud", "Numen Aegis", "Numen Warden", "Engagement", "Numen Tidecaller"};
  std::string name = names[rng() % 5];
  std::string ref = "c" + std::to_string(rng() % 100);
  std::string bytes;
  bytes += static_cast<char>(0xb2);
  bytes += '\x01';
  bytes += static_cast<char>(ref.size() + name.size() + 4);
  bytes += '\x0a';
  bytes += static_cast<char>(ref.size());
  bytes += ref;
  bytes += '\x12';
  bytes += static_cast<char>(name.size());
  bytes += name;
  return bytes;
}

TEST(VersionedPart, ChangesWrittenBySectionsRebuildEveryVersion) {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    VersionedPart part;
    const std::size_t count = 1 + rng() % VersionedPart::kMaxSections;
    std::vector<std::string> sections(count);
    for (auto& s : sections) {
      for (int n = static_cast<int>(rng() % 4); n > 0; --n) s += card(rng);
    }
    write_sections(part, sections, std::vector<bool>(count, false));
    ASSERT_EQ(part.bytes(), joined(sections));
    for (int step = 0; step < 30; ++step) {
      const std::string before = part.bytes();
      const std::uint64_t before_key = part.key;
      std::vector<bool> keep(count, true);
      for (std::size_t i = 0; i < count; ++i) {
        if (rng() % 3) continue;
        keep[i] = false;
        auto& s = sections[i];
        switch (rng() % 4) {
          case 0: s += card(rng); break;                                                 // a card added
          case 1: if (!s.empty()) s.erase(rng() % s.size(), 1 + rng() % 30); break;      // bytes lost
          case 2: s.insert(s.empty() ? 0 : rng() % s.size(), card(rng)); break;          // inserted inside
          default: if (i + 1 < count && !s.empty()) {                                    // moved to the next
            const std::string moved = s.substr(s.size() / 2);
            s.resize(s.size() / 2);
            sections[i + 1] += moved;
            keep[i + 1] = false;
          }
        }
      }
      write_sections(part, sections, keep);
      ASSERT_EQ(part.bytes(), joined(sections)) << "round " << round << " step " << step;
      if (part.bytes() == before) {
        EXPECT_EQ(part.key, before_key) << "same bytes, same version";
      } else {
        EXPECT_NE(part.key, before_key);
        expect_change_rebuilds(part, before, before_key);
      }
    }
  }
}

TEST(VersionedPart, SectionsWrittenAgainAlikeKeepTheVersion) {
  VersionedPart part;
  const std::vector<std::string> sections = {"ab", "", "cdefgh"};
  write_sections(part, sections, {false, false, false});
  const auto key = part.key;
  write_sections(part, sections, {false, false, false});
  EXPECT_EQ(part.key, key);
  write_sections(part, sections, {true, false, true});
  EXPECT_EQ(part.key, key);
}

TEST(VersionedPart, ACardMovedToAnotherPileIsCopiedFromWhereItWas) {
  VersionedPart part;
  const std::string moved = "\x9a\x01\x14\x0a\x03" "c42\x12\x0dNumen Warden!";  // a card in pile 19
  std::string landed = moved;
  landed[0] = static_cast<char>(0xba);  // the same card in pile 23
  write_sections(part, {"\x08\x01", moved, ""}, {false, false, false});
  const std::string before = part.bytes();
  const auto key = part.key;
  write_sections(part, {"\x08\x01", "", landed}, {true, false, false});
  expect_change_rebuilds(part, before, key);
  // One byte of the card is new (its tag); the rest is one COPY: far fewer bytes than the card.
  EXPECT_LT(part.change.ops.size(), 12u) << "ops " << part.change.ops.size() << " for a card of " << moved.size();
}

TEST(VersionedPart, ASplicedSectionKeepsItsOldFrontAndBack) {
  std::mt19937 rng(11);
  for (int round = 0; round < 500; ++round) {
    VersionedPart part;
    std::string pile;
    for (int n = static_cast<int>(rng() % 6); n > 0; --n) pile += card(rng);
    write_sections(part, {"head", pile, "tail"}, {false, false, false});
    const std::string before = part.bytes();
    const auto key = part.key;
    const std::size_t front = pile.empty() ? 0 : rng() % (pile.size() + 1);
    const std::size_t back = rng() % (pile.size() - front + 1);
    const std::string middle = rng() % 3 ? card(rng) : std::string();
    part.rewrite_sections(3, rng() % 2, [&](VersionedPart::Sections& s) {
      s.keep();
      s.splice(front, back, [&](WireWriter& w) { w.raw(middle); });
      s.keep();
    });
    const std::string expected = "head" + pile.substr(0, front) + middle + pile.substr(pile.size() - back) + "tail";
    ASSERT_EQ(part.bytes(), expected) << "round " << round;
    if (expected == before) {
      EXPECT_EQ(part.key, key);
    } else {
      expect_change_rebuilds(part, before, key);
    }
  }
}

TEST(VersionedPart, ASplicePastItsSectionIsALogicError) {
  VersionedPart part;
  write_sections(part, {"ab", "cdef"}, {false, false});
  EXPECT_THROW(part.rewrite_sections(2, true,
                                     [](VersionedPart::Sections& s) {
                                       s.keep();
                                       s.splice(3, 2, [](WireWriter&) {});
                                     }),
               std::logic_error);
  EXPECT_EQ(part.bytes(), "abcdef");
}

TEST(VersionedPart, AfterAWholeWriteSectionsAreComparedWhole) {
  VersionedPart part;
  part.rewrite([](WireWriter& w) { w.raw("0123456789abcdef"); });
  const std::string before = part.bytes();
  const auto key = part.key;
  part.rewrite_sections(2, true, [](VersionedPart::Sections& s) {
    EXPECT_FALSE(s.can_keep());  // no sections to keep: the version before was written whole
    s.write([](WireWriter& w) { w.raw("01234567"); });
    s.write([](WireWriter& w) { w.raw("89ABCDEF"); });
  });
  expect_change_rebuilds(part, before, key);
}

TEST(VersionedPart, SectionsNotAsAnnouncedAreALogicError) {
  VersionedPart part;
  EXPECT_THROW(part.rewrite_sections(1, true, [](VersionedPart::Sections& s) { s.keep(); }), std::logic_error);
  EXPECT_THROW(part.rewrite_sections(2, true, [](VersionedPart::Sections& s) { s.write([](WireWriter& w) { w.raw("x"); }); }),
               std::logic_error);
  EXPECT_THROW(part.rewrite_sections(VersionedPart::kMaxSections + 1, true, [](VersionedPart::Sections&) {}),
               std::logic_error);
}

}  // namespace
}  // namespace concord::server::games
