#include "delta/view_feed.hpp"

#include "concord/v1/concord.pb.h"
#include "delta/view_delta.hpp"
#include "delta/wire_writer.hpp"

namespace concord::protocol {

namespace {

using Update = v1::MatchUpdate;

void write_any(WireWriter& w, int field, const google::protobuf::Any& any) {
  const auto at = w.begin(field);
  w.str(google::protobuf::Any::kTypeUrlFieldNumber, any.type_url());
  w.str(google::protobuf::Any::kValueFieldNumber, any.value());
  w.end(at);
}

}  // namespace

// Fields in number order: view (5), view_delta (20), view_checksum (21).
void ViewFeed::record(std::uint64_t index, const google::protobuf::Any& view, bool full, std::string* part) {
  const std::string& bytes = view.value();
  if (part) {
    WireWriter w(*part);
    if (!full && index_ && *index_ + 1 == index) {
      const auto at = w.begin(Update::kViewDeltaFieldNumber);
      w.u64(v1::ViewDelta::kBaseIndexFieldNumber, *index_);
      w.str(v1::ViewDelta::kOpsFieldNumber, make_view_delta(bytes_, bytes));
      w.end(at);
    } else {
      write_any(w, Update::kViewFieldNumber, view);
    }
    w.fixed32(Update::kViewChecksumFieldNumber, view_checksum(bytes));
  }
  index_ = index;
  bytes_ = bytes;
}

}  // namespace concord::protocol
