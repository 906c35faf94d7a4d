#include "versioned_part.hpp"

#include <algorithm>
#include <stdexcept>

#include "delta/crc32_fold.hpp"
#include "delta/equal_runs.hpp"
#include "delta/view_delta.hpp"

namespace concord::server::games {

namespace {

// A run of moved bytes shorter than this is sent rather than copied (a COPY
// takes two or three bytes of its own).
constexpr std::size_t kMinMoved = 8;
// How far into what differs, and into what another section lost, a moved
// run may begin: a card moved to another pile differs in its tag (two bytes)
// and, cut by the common prefix, may begin a byte or two into its element.
constexpr std::size_t kMovedSkew = 4;

}  // namespace

std::string& VersionedPart::next_buffer() {
  std::string& next = buffers_[next_index()];
  next.clear();
  next.reserve(bytes().size() + 64);  // the buffers take turns: most writes then fit
  return next;
}

void VersionedPart::settle() {
  if (key && buffers_[next_index()] == bytes()) return;
  turn_searched();
}

void VersionedPart::turn_searched() {
  const std::uint64_t from = key;
  turn();
  if (from) {
    change.make(from, buffers_[(now_ + 2) % 3], bytes());
  } else {
    change = {};
  }
}

void VersionedPart::turn() {
  now_ = static_cast<std::uint8_t>(next_index());
  key = protocol::next_piece_key();
  crc = protocol::crc32_update(0, bytes());
  shift = protocol::crc32_shift_of(bytes().size());
}

void VersionedPart::finish(Sections& sections) {
  if (sections.at_ != sections.count_) throw std::logic_error("VersionedPart: a section was not written");
  sections_[next_index()] = sections.count_;
  if (sections.can_keep_ && !sections.differs_) return;
  if (key && sections.next_ == bytes()) {  // the same bytes (e.g. a run moved across a boundary), cut anew
    ends_[now_] = ends_[next_index()];
    sections_[now_] = sections.count_;
    return;
  }
  if (!sections.can_keep_) return turn_searched();
  const std::uint64_t from = key;
  const std::size_t from_size = bytes().size();
  protocol::OpsWriter enc(change.ops);
  sections.put_change(enc);
  enc.finish();
  turn();
  change.from_key = from;
  change.from_size = from_size;
  change.note(enc);
}

VersionedPart::Sections::Sections(VersionedPart& part, std::size_t count, bool searched)
    : part_(part),
      next_(part.next_buffer()),
      old_(part.bytes()),
      count_(count),
      can_keep_(part.key != 0 && part.sections_[part.now_] == count),
      searched_(searched) {
  if (count > kMaxSections) throw std::logic_error("VersionedPart: too many sections");
}

VersionedPart::Sections::Section& VersionedPart::Sections::next_section() {
  if (at_ >= count_) throw std::logic_error("VersionedPart: more sections than announced");
  Section& s = sections_[at_];
  if (can_keep_) {
    const auto& ends = part_.ends_[part_.now_];
    s.old_begin = at_ ? ends[at_ - 1] : 0;
    s.old_end = ends[at_];
  }
  return s;
}

std::size_t VersionedPart::Sections::old_size() const {
  if (!can_keep_ || at_ >= count_) throw std::logic_error("VersionedPart: no section to measure");
  const auto& ends = part_.ends_[part_.now_];
  return ends[at_] - (at_ ? ends[at_ - 1] : 0);
}

void VersionedPart::Sections::keep() {
  if (!can_keep_) throw std::logic_error("VersionedPart: no section to keep");
  Section& s = next_section();
  s.kept = true;
  s.begin = static_cast<std::uint32_t>(next_.size());
  next_.append(old_.substr(s.old_begin, s.old_end - s.old_begin));
  s.end = static_cast<std::uint32_t>(next_.size());
  part_.ends_[part_.next_index()][at_++] = s.end;
}

// The section being written ends here: it is next_[begin, end).
VersionedPart::Sections::Section& VersionedPart::Sections::close_written(Section& s, std::size_t begin) {
  s.kept = false;
  s.begin = static_cast<std::uint32_t>(begin);
  s.end = static_cast<std::uint32_t>(next_.size());
  part_.ends_[part_.next_index()][at_++] = s.end;
  return s;
}

// The section at next_[begin, end): how much of its start and end are its old bytes.
void VersionedPart::Sections::written(std::size_t begin) {
  Section& s = close_written(next_section(), begin);
  if (!can_keep_) return;
  const char* old = old_.data() + s.old_begin;
  const char* now = next_.data() + s.begin;
  const std::size_t old_size = s.old_end - s.old_begin, size = s.end - s.begin;
  const std::size_t shorter = std::min(old_size, size);
  const std::size_t prefix = protocol::equal_run(old, now, shorter);
  const std::size_t suffix = protocol::equal_run_back(old + old_size, now + size, shorter - prefix);
  s.prefix = static_cast<std::uint32_t>(prefix);
  s.suffix = static_cast<std::uint32_t>(suffix);
  differs_ = differs_ || prefix != old_size || old_size != size;
}

std::string_view VersionedPart::Sections::spliced_front(std::size_t front, std::size_t back) {
  if (!can_keep_) throw std::logic_error("VersionedPart: no section to splice");
  const Section& s = next_section();
  const std::string_view old = old_.substr(s.old_begin, s.old_end - s.old_begin);
  if (front > old.size() || back > old.size() - front) throw std::logic_error("VersionedPart: a splice past the section");
  next_.append(old.substr(0, front));
  return old;
}

void VersionedPart::Sections::spliced(std::size_t begin, std::string_view old, std::size_t front, std::size_t back) {
  next_.append(old.substr(old.size() - back));
  Section& s = close_written(sections_[at_], begin);  // spliced_front() began it
  s.prefix = static_cast<std::uint32_t>(front);
  s.suffix = static_cast<std::uint32_t>(back);
  const std::size_t middle = s.end - s.begin - front - back, old_middle = old.size() - front - back;
  differs_ = differs_ || middle != old_middle ||
             std::string_view(next_).substr(s.begin + front, middle) != old.substr(front, old_middle);
}

void VersionedPart::Sections::put_change(protocol::OpsWriter& enc) const {
  for (std::size_t i = 0; i < count_; ++i) {
    const Section& s = sections_[i];
    if (s.kept) {
      enc.copy(s.old_begin, s.old_end - s.old_begin);
      continue;
    }
    enc.copy(s.old_begin, s.prefix);
    put_middle(enc, i);
    enc.copy(s.old_end - s.suffix, s.suffix);
  }
}

void VersionedPart::Sections::put_middle(protocol::OpsWriter& enc, std::size_t i) const {
  const Section& s = sections_[i];
  const std::string_view middle = std::string_view(next_).substr(s.begin + s.prefix, s.end - s.suffix - s.begin - s.prefix);
  if (searched_ && middle.size() > protocol::kSearchedDifference) {  // card names and ids repeat
    const std::string_view target = std::string_view(next_).substr(0, s.end - s.suffix);
    return protocol::encode_middle(old_, s.old_begin + s.prefix, s.old_end - s.suffix, target, s.begin + s.prefix, enc);
  }
  if (middle.size() >= kMinMoved) {
    for (std::size_t j = 0; j < count_; ++j) {
      const Section& other = sections_[j];
      if (j == i || other.kept) continue;
      const std::size_t lost_begin = other.old_begin + other.prefix, lost_end = other.old_end - other.suffix;
      if (lost_end < lost_begin + kMinMoved) continue;  // also when prefix and suffix overlap
      const std::string_view lost = old_.substr(lost_begin, lost_end - lost_begin);
      for (std::size_t a = 0; a < kMovedSkew && a + kMinMoved <= middle.size(); ++a) {
        for (std::size_t b = 0; b < kMovedSkew && b + kMinMoved <= lost.size(); ++b) {
          const std::size_t run =
              protocol::equal_run(middle.data() + a, lost.data() + b, std::min(middle.size() - a, lost.size() - b));
          if (run < kMinMoved) continue;
          enc.insert(middle.substr(0, a));
          enc.copy(lost_begin + b, run);
          enc.insert(middle.substr(a + run));
          return;
        }
      }
    }
  }
  enc.insert(middle);
}

}  // namespace concord::server::games
