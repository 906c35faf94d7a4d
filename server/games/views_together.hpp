// GameAdapter::encode_views for a game whose Match projects the views of one
// command together (EverZoneMatch::views, EveMatch::views): the Match gives
// the spectators' view and each viewer's own part; `Runs` (the adapter's)
// writes what they share once and assembles each viewer's bytes from it.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "concord/server/game_catalog.hpp"

namespace concord::server::games {

// Judges among the viewers, or a Match of another type, get the default: one
// projection per viewer. Runs(common view) must have
// assemble(views, i, viewer) -> the serialized view of viewer i.
template <typename MatchT, typename Runs>
std::vector<google::protobuf::Any> encode_views_together(const GameAdapter& adapter, const rules::Match& match,
                                                         const std::vector<rules::Viewer>& viewers,
                                                         const std::string& type_url) {
  const auto* typed = dynamic_cast<const MatchT*>(&match);
  const bool judge = std::any_of(viewers.begin(), viewers.end(),
                                 [](const rules::Viewer& v) { return v.kind == rules::Viewer::Kind::Judge; });
  if (!typed || judge) return adapter.GameAdapter::encode_views(match, viewers, nullptr);
  const auto views = typed->views(viewers);
  const Runs runs(*views.common);
  std::vector<google::protobuf::Any> out(viewers.size());
  for (std::size_t i = 0; i < viewers.size(); ++i) {
    out[i].set_type_url(type_url);
    out[i].set_value(runs.assemble(views, i, viewers[i]));
  }
  return out;
}

}  // namespace concord::server::games
