#include "client/prompt_convert.hpp"

namespace concord::client {

namespace {

rules::PromptOption option_to_rules(const v1::PromptOption& option) {
  rules::PromptOption out;
  out.id = option.id();
  out.label = option.label();
  if (option.has_range()) out.range = rules::ValueRange{option.range().min(), option.range().max()};
  return out;
}

void option_to_wire(const rules::PromptOption& option, v1::PromptOption* out) {
  out->set_id(option.id);
  out->set_label(option.label);
  if (option.range) {
    out->mutable_range()->set_min(option.range->min);
    out->mutable_range()->set_max(option.range->max);
  }
}

}  // namespace

rules::Prompt to_rules(const v1::Prompt& prompt) {
  rules::Prompt out;
  out.kind = prompt.kind();
  out.text = prompt.text();
  out.min_choices = prompt.min_choices();
  out.max_choices = prompt.max_choices();
  out.options.reserve(static_cast<std::size_t>(prompt.options_size()));
  for (const auto& option : prompt.options()) out.options.push_back(option_to_rules(option));
  for (const auto& set : prompt.legal_sets()) out.legal_sets.emplace_back(set.option_ids().begin(), set.option_ids().end());
  return out;
}

v1::Prompt to_wire(const rules::Prompt& prompt) {
  v1::Prompt out;
  out.set_kind(prompt.kind);
  out.set_text(prompt.text);
  out.set_min_choices(prompt.min_choices);
  out.set_max_choices(prompt.max_choices);
  for (const auto& option : prompt.options) option_to_wire(option, out.add_options());
  for (const auto& set : prompt.legal_sets) {
    auto* out_set = out.add_legal_sets();
    for (const auto& id : set) out_set->add_option_ids(id);
  }
  return out;
}

rules::Answer to_rules(const v1::Answer& answer) {
  rules::Answer out;
  out.choices.reserve(static_cast<std::size_t>(answer.choices_size()));
  for (const auto& choice : answer.choices()) out.choices.push_back({choice.option_id(), choice.value()});
  return out;
}

v1::Answer to_wire(const rules::Answer& answer) {
  v1::Answer out;
  for (const auto& choice : answer.choices) {
    auto* wire = out.add_choices();
    wire->set_option_id(choice.option_id);
    wire->set_value(choice.value);
  }
  return out;
}

}  // namespace concord::client
