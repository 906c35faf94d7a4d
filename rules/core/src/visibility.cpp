// Who may see an event.
#include <algorithm>

#include "concord/rules/types.hpp"

namespace concord::rules {

bool Visibility::visible_to(const Viewer& viewer) const {
  if (viewer.kind == Viewer::Kind::Judge) return true;
  const bool listed = viewer.kind == Viewer::Kind::Seat &&
                      std::find(seats.begin(), seats.end(), viewer.seat) != seats.end();
  switch (kind) {
    case Kind::All:
      return true;
    case Kind::OnlySeats:
      return listed;
    case Kind::AllButSeats:
      return !listed;
  }
  return false;
}

}  // namespace concord::rules
