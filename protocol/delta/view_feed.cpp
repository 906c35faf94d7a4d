#include "delta/view_feed.hpp"

#include "delta/view_delta.hpp"

namespace concord::protocol {

void ViewFeed::record(std::uint64_t index, const google::protobuf::Any& view, bool full, v1::MatchUpdate* update) {
  const std::string& bytes = view.value();
  if (update) {
    update->set_view_checksum(view_checksum(bytes));
    if (!full && index_ && *index_ + 1 == index) {
      auto* delta = update->mutable_view_delta();
      delta->set_base_index(*index_);
      delta->set_ops(make_view_delta(bytes_, bytes));
    } else {
      *update->mutable_view() = view;
    }
  }
  index_ = index;
  bytes_ = bytes;
}

}  // namespace concord::protocol
