// Opaque card references. A game numbers the card instances of a match
// ("c<N>" refs); if that numbering followed the deck lists, the ref of a
// hidden card would name it. Games renumber their instances at setup by this
// permutation, so a ref says nothing of a card, its owner or the deck order.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "concord/rules/seed.hpp"

namespace concord::rules {

// A permutation of 0..n-1 (result[old] = new), drawn from an Rng seeded with
// SHA-256 of "card refs" and the match seed: a function of the seed alone
// (same seed, same refs; replay stays exact) that leaves the match's own RNG
// stream untouched.
std::vector<int> card_ref_permutation(const Seed& seed, std::size_t n);

// Applies result[old] = new to every instance number in `ids`.
void renumber(std::vector<int>& ids, const std::vector<int>& permutation);

// "c<number>", the text of a card reference. Views name every card they show
// by its ref, for every viewer after every command, so the texts of the
// first 4,096 numbers are made once.
std::string ref_text(int number);

}  // namespace concord::rules
