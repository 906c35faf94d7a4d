#include "concord/rules/card_refs.hpp"

#include <numeric>
#include <string>

#include "concord/rules/rng.hpp"

namespace concord::rules {

std::vector<int> card_ref_permutation(const Seed& seed, std::size_t n) {
  std::string material = "card refs:";
  material.append(seed.bytes.begin(), seed.bytes.end());
  Seed derived;
  derived.bytes = sha256(material);
  Rng rng(derived);
  std::vector<int> out(n);
  std::iota(out.begin(), out.end(), 0);
  rng.shuffle(out);
  return out;
}

void renumber(std::vector<int>& ids, const std::vector<int>& permutation) {
  for (int& id : ids) id = permutation.at(static_cast<std::size_t>(id));
}

}  // namespace concord::rules
