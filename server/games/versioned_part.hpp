// A part of the views as an adapter's memo keeps it (protocol::ViewPiece
// with a version): its bytes with a version key that changes only when the
// bytes do, their checksum and shift (for the views' checksums), and the
// change from the bytes before, found once per command for every viewer's
// delta. EverZone's memo keeps its view's head, middle and each seat's head,
// piles and private part so.
//
// A part is written again whole (rewrite: the change is then found by
// comparing the old and new bytes, and searched when they differ in more
// than a few bytes) or section by section (rewrite_sections): the writer says
// which sections it writes again, which are as they were, and which keep
// their old start and end around new bytes (splice: a pile with cards added
// or taken), so the bytes of a kept run are copied instead of encoded, and
// the change is put together from the sections without comparing the whole
// part: a COPY of each kept section, and of each written one its common
// prefix and suffix with its old bytes around what differs. What differs is
// searched in the old bytes when it is long and the part is `searched` (one
// that many viewers are sent), else sent, unless it is what another section
// of the part lost (a card that moved from one pile to another): that is
// copied from there.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "delta/delta_ops.hpp"
#include "delta/view_pieces.hpp"
#include "wire_writer.hpp"

namespace concord::server::games {

class VersionedPart {
 public:
  static constexpr std::size_t kMaxSections = 8;

  std::uint64_t key = 0;
  std::uint32_t crc = 0, shift = 0;
  protocol::PieceChange change;

  const std::string& bytes() const { return buffers_[now_]; }

  // Writes the part again with `write` (a WireWriter&): a new version if the bytes differ.
  template <typename Write>
  void rewrite(Write write) {
    std::string& next = next_buffer();
    WireWriter w(next);
    write(w);
    sections_[next_index()] = 0;
    settle();
  }

  // Writing the part again section by section, in order (rewrite_sections):
  // keep() for a section whose values are those it was last written from,
  // write() for one that may differ.
  class Sections {
   public:
    // Whether keep() may be called: the current version was written in as
    // many sections (else every section must be written).
    bool can_keep() const { return can_keep_; }
    // The next section, its bytes as the current version has them.
    void keep();
    // The size of the next section in the current version (when can_keep()).
    std::size_t old_size() const;
    // The next section, written again by `write` (a WireWriter&).
    template <typename Write>
    void write(Write write) {
      const std::size_t begin = next_.size();
      WireWriter w(next_);
      write(w);
      written(begin);
    }

    // The next section, its old bytes' first `front` and last `back` bytes
    // (when can_keep()) around what `write` (a WireWriter&) writes between
    // them: for a section whose old and new values share a known start and
    // end (a pile with cards added or taken), so that only what lies
    // between is encoded and compared.
    template <typename Write>
    void splice(std::size_t front, std::size_t back, Write write) {
      const std::size_t begin = next_.size();
      const std::string_view old = spliced_front(front, back);
      WireWriter w(next_);
      write(w);
      spliced(begin, old, front, back);
    }

   private:
    friend class VersionedPart;
    // A section of the next version as written: where it is in it and in
    // the current version, and for a written one how many bytes at its
    // start and end are its old ones (what lies between differs).
    struct Section {
      std::uint32_t old_begin = 0, old_end = 0, begin = 0, end = 0;
      std::uint32_t prefix = 0, suffix = 0;
      bool kept = false;
    };

    Sections(VersionedPart& part, std::size_t count, bool searched);
    void written(std::size_t begin);
    // splice(): appends the old section's front (and checks front and back
    // against it), then records the section once the middle is written.
    std::string_view spliced_front(std::size_t front, std::size_t back);
    void spliced(std::size_t begin, std::string_view old, std::size_t front, std::size_t back);
    Section& next_section();
    Section& close_written(Section& s, std::size_t begin);
    // The change, into `enc`: section by section.
    void put_change(protocol::OpsWriter& enc) const;
    // What differs in written section `i`: copied from another section's
    // old bytes that are gone, where they hold it, else sent.
    void put_middle(protocol::OpsWriter& enc, std::size_t i) const;

    VersionedPart& part_;
    std::string& next_;
    std::string_view old_;
    std::size_t count_ = 0, at_ = 0;
    bool can_keep_ = false, differs_ = false, searched_ = true;
    std::array<Section, kMaxSections> sections_{};
  };

  // Writes the part again in `count` sections (at most kMaxSections) by
  // `write(Sections&)`: a new version if the bytes differ, with its change
  // put together from the sections when the current version had as many.
  // `searched`: whether what differs in a section, when long, is searched in
  // the old bytes for runs to copy (fewer bytes to send, more to compute:
  // worth it for a part that many viewers are sent).
  template <typename Write>
  void rewrite_sections(std::size_t count, bool searched, Write write) {
    Sections sections(*this, count, searched);
    write(sections);
    finish(sections);
  }

  protocol::ViewPiece piece(std::uint32_t slot) const {
    return protocol::ViewPiece::versioned(slot, bytes(), key, crc, shift, change.from_key ? &change : nullptr);
  }

 private:
  std::size_t next_index() const { return (now_ + 1) % 3; }
  // The buffer the next version is written into, emptied.
  std::string& next_buffer();
  // After a whole write into the next buffer: it becomes the bytes, with
  // its change found by comparing the bytes, unless they are the same.
  void settle();
  // The next buffer becomes the bytes, its change found by comparing them.
  void turn_searched();
  void finish(Sections& sections);
  // The next buffer becomes the bytes (turned by an index: swapping the
  // strings cost more), with a fresh key and its checksum.
  void turn();

  std::array<std::string, 3> buffers_;  // the bytes (now_), the next write, the bytes before
  // Per buffer: the end of each section in it (sections_[i] of them; 0: written whole).
  std::array<std::array<std::uint32_t, kMaxSections>, 3> ends_{};
  std::array<std::size_t, 3> sections_{};
  std::uint8_t now_ = 0;
};

}  // namespace concord::server::games
