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

std::string ref_text(int number) {
  static const std::vector<std::string> made = [] {
    std::vector<std::string> texts(4096);
    for (std::size_t n = 0; n < texts.size(); ++n) texts[n] = "c" + std::to_string(n);
    return texts;
  }();
  if (number >= 0 && static_cast<std::size_t>(number) < made.size()) return made[static_cast<std::size_t>(number)];
  return "c" + std::to_string(number);
}

}  // namespace concord::rules
