#include "net_admission.hpp"

#include <sys/resource.h>

#include <algorithm>

namespace concord::server::net {

Admission::Admission(std::size_t max_total, std::size_t max_per_address)
    : state_(std::make_shared<State>()) {
  state_->max_total = max_total;
  state_->max_per_address = max_per_address;
}

void Admission::State::release(const std::string& address) {
  std::lock_guard lock(mutex);
  --total;
  auto it = per_address.find(address);
  if (it != per_address.end() && --it->second == 0) per_address.erase(it);
}

Admission::Ticket Admission::admit(const std::string& address) {
  {
    std::lock_guard lock(state_->mutex);
    if (state_->total >= state_->max_total) return nullptr;
    auto& mine = state_->per_address[address];
    if (state_->max_per_address != 0 && mine >= state_->max_per_address) {
      if (mine == 0) state_->per_address.erase(address);
      return nullptr;
    }
    ++mine;
    ++state_->total;
  }
  // Non-null pointer: an empty-pointer shared_ptr would test false.
  return Ticket(static_cast<void*>(state_.get()), [state = state_, address](void*) { state->release(address); });
}

std::size_t Admission::total() const {
  std::lock_guard lock(state_->mutex);
  return state_->total;
}

std::size_t effective_max_connections(int configured) {
  if (configured > 0) return static_cast<std::size_t>(configured);
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 65536;
  const auto soft = static_cast<std::size_t>(limit.rlim_cur);
  return std::max<std::size_t>(1, soft - std::min<std::size_t>(soft / 2, 128));
}

}  // namespace concord::server::net
