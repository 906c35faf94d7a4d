// GameAdapter::encode_views for a game whose Match projects the views of one
// command together with cards as instance numbers (EveMatch::view_ids,
// EverZoneMatch::view_ids): the adapter's `Writer` writes what the viewers
// share once, with cards from the match's memo (`Memo`, the adapter's
// GameAdapter::ViewMemo), then puts each viewer's bytes together.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "concord/server/game_catalog.hpp"
#include "delta/view_pieces.hpp"

namespace concord::server::games {

// The match's view_ids; into the memo's when it keeps them (Memo::ids()), so
// that their vectors keep their capacity from one command to the next.
template <typename MatchT, typename Memo>
decltype(auto) project_ids(const MatchT& match, const std::vector<rules::Viewer>& viewers, Memo& memo) {
  if constexpr (requires { match.view_ids(viewers, memo.ids()); }) {
    match.view_ids(viewers, memo.ids());
    return memo.ids();
  } else {
    return match.view_ids(viewers);
  }
}

// Judges among the viewers (they see everything), or a Match of another
// type, get the default: one projection per viewer. Without a memo of the
// adapter's type (`memo` null or another game's), one for this call only.
// Writer(match, memo) must have write_shared(ids.common) (or
// write_shared(ids.common, viewers)) and
// assemble(ids, i, viewer, bytes), writing the serialized view of viewer i
// over `bytes`; Memo may have check(match), called first, and ids()
// (project_ids). The views go into `out` (GameAdapter::encode_views_into).
template <typename MatchT, typename Memo, typename Writer>
void encode_views_together(const GameAdapter& adapter, const rules::Match& match,
                           const std::vector<rules::Viewer>& viewers, GameAdapter::ViewMemo* memo,
                           const std::string& type_url, std::vector<google::protobuf::Any>& out) {
  const auto* typed = dynamic_cast<const MatchT*>(&match);
  const bool judge = std::any_of(viewers.begin(), viewers.end(),
                                 [](const rules::Viewer& v) { return v.kind == rules::Viewer::Kind::Judge; });
  if (!typed || judge) return adapter.GameAdapter::encode_views_into(match, viewers, nullptr, out);
  Memo local;
  auto* kept = dynamic_cast<Memo*>(memo);
  if (!kept) kept = &local;
  if constexpr (requires { kept->check(*typed); }) kept->check(*typed);
  Writer writer(*typed, *kept);
  const auto& ids = project_ids(*typed, viewers, *kept);
  if constexpr (requires { writer.write_shared(ids.common, viewers); }) {
    writer.write_shared(ids.common, viewers);
  } else {
    writer.write_shared(ids.common);
  }
  out.resize(viewers.size());
  for (std::size_t i = 0; i < viewers.size(); ++i) {
    out[i].set_type_url(type_url);  // the same text as the last command's: copied into its string
    writer.assemble(ids, i, viewers[i], *out[i].mutable_value());
  }
}

// GameAdapter::encode_view_pieces the same way, for a Writer that also has
// pieces(ids, i, viewer, PieceView&) and write_shared(ids.common, viewers).
// The pieces refer to the memo's bytes,
// so a memo of the adapter's type is needed (false without one, for a match
// of another type, or with judges among the viewers).
template <typename MatchT, typename Memo, typename Writer>
bool encode_pieces_together(const rules::Match& match, const std::vector<rules::Viewer>& viewers,
                            GameAdapter::ViewMemo* memo, std::vector<protocol::PieceView>& out) {
  const auto* typed = dynamic_cast<const MatchT*>(&match);
  auto* kept = dynamic_cast<Memo*>(memo);
  const bool judge = std::any_of(viewers.begin(), viewers.end(),
                                 [](const rules::Viewer& v) { return v.kind == rules::Viewer::Kind::Judge; });
  if (!typed || !kept || judge) return false;
  if constexpr (requires { kept->check(*typed); }) kept->check(*typed);
  Writer writer(*typed, *kept);
  const auto& ids = project_ids(*typed, viewers, *kept);
  writer.write_shared(ids.common, viewers);
  out.resize(viewers.size());
  for (std::size_t i = 0; i < viewers.size(); ++i) writer.pieces(ids, i, viewers[i], out[i]);
  return true;
}

}  // namespace concord::server::games
