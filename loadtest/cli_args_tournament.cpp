// concord-cli: parsing of tournament-create (pure, unit-tested).
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include "cli_args.hpp"

namespace concord::cli {

namespace {

bool parse_bool(const std::string& text, const std::string& key) {
  if (text == "1" || text == "true" || text == "yes" || text == "on") return true;
  if (text == "0" || text == "false" || text == "no" || text == "off") return false;
  throw UsageError(key + " must be true or false, got '" + text + "'");
}

// One settings field by its TournamentSettings name, through reflection so
// that every field of the message is settable without a list kept here.
void set_field(v1::TournamentSettings& settings, const std::string& key, const std::string& value) {
  const auto* field = v1::TournamentSettings::descriptor()->FindFieldByName(key);
  if (!field || field->is_repeated() || field->is_map()) {
    throw UsageError("unknown setting '" + key + "' (see TournamentSettings; options as option.<name>=<value>)");
  }
  const auto* reflection = settings.GetReflection();
  using FD = google::protobuf::FieldDescriptor;
  switch (field->cpp_type()) {
    case FD::CPPTYPE_STRING: reflection->SetString(&settings, field, value); return;
    case FD::CPPTYPE_BOOL: reflection->SetBool(&settings, field, parse_bool(value, key)); return;
    case FD::CPPTYPE_UINT32: {
      const auto number = parse_int(value, key);
      if (number < 0 || number > 0xffffffffLL) throw UsageError(key + " must be 0-4294967295");
      reflection->SetUInt32(&settings, field, static_cast<std::uint32_t>(number));
      return;
    }
    case FD::CPPTYPE_INT64: reflection->SetInt64(&settings, field, parse_int(value, key)); return;
    case FD::CPPTYPE_ENUM: {
      // format=swiss | round_robin (or the enum's own names).
      std::string upper;
      for (const char c : value) upper += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      const auto* named = field->enum_type()->FindValueByName(upper);
      if (!named) named = field->enum_type()->FindValueByName("FORMAT_" + upper);
      if (!named || named->number() == 0) throw UsageError(key + ": unknown value '" + value + "'");
      reflection->SetEnum(&settings, field, named);
      return;
    }
    default: throw UsageError("setting '" + key + "' cannot be given on the command line");
  }
}

}  // namespace

v1::CreateTournament parse_tournament_create(const Args& args) {
  if (args.size() < 3) {
    throw UsageError("usage: tournament-create <game> <name> [key=value ...] (TournamentSettings fields,"
                     " option.<name>=<value>, staff=a,b)");
  }
  v1::CreateTournament create;
  auto& settings = *create.mutable_settings();
  settings.set_game(args[1]);
  settings.set_name(args[2]);
  for (std::size_t i = 3; i < args.size(); ++i) {
    const auto option = split_option(args[i]);
    if (!option) throw UsageError("expected key=value, got '" + args[i] + "'");
    const auto& [key, value] = *option;
    if (key.rfind("option.", 0) == 0 && key.size() > 7) {
      (*settings.mutable_options())[key.substr(7)] = value;
    } else if (key == "staff") {
      settings.clear_staff();
      std::size_t start = 0;
      while (start <= value.size()) {
        const auto comma = value.find(',', start);
        const auto name = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!name.empty()) settings.add_staff(name);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    } else {
      set_field(settings, key, value);
    }
  }
  return create;
}

}  // namespace concord::cli
