// The encoding of a run of commands in one journal row (see command_batch.hpp).
#include "concord/persistence/command_batch.hpp"

#include <charconv>

namespace concord::persistence {

namespace {

// Reads a decimal number ending at `stop`; advances `at` past it.
template <typename T>
bool read_number(const std::string& text, std::size_t& at, char stop, T& out) {
  const std::size_t end = text.find(stop, at);
  if (end == std::string::npos) return false;
  const auto [ptr, error] = std::from_chars(text.data() + at, text.data() + end, out);
  if (error != std::errc() || ptr != text.data() + end) return false;
  at = end + 1;
  return true;
}

// Reads `size` raw bytes; advances `at` past them.
bool read_bytes(const std::string& text, std::size_t& at, std::size_t size, std::string& out) {
  if (size > text.size() - at) return false;
  out.assign(text, at, size);
  at += size;
  return true;
}

// The rest of a header line: "<text bytes>\n" or "<text bytes> <meta bytes>\n".
bool read_text_size(const std::string& text, std::size_t& at, std::size_t& text_size, std::size_t& meta_size) {
  const std::size_t line_end = text.find('\n', at);
  const std::size_t space = text.find(' ', at);
  meta_size = 0;
  if (space != std::string::npos && space < line_end) {
    return read_number(text, at, ' ', text_size) && read_number(text, at, '\n', meta_size);
  }
  return read_number(text, at, '\n', text_size);
}

}  // namespace

std::string encode_command_batch(const std::vector<const CommandRecord*>& commands) {
  std::string out;
  append_command_batch(out, commands);
  return out;
}

void append_command_batch(std::string& out, std::span<const CommandRecord* const> commands) {
  // A header line is at most four numbers of up to 20 digits, each followed
  // by a space or the newline: reserved at once rather than grown, and the
  // numbers written into it (std::to_chars) without a string each.
  constexpr std::size_t kHeaderBound = 4 * 21;
  std::size_t size = out.size();
  for (const CommandRecord* command : commands) {
    size += kHeaderBound + command->state_hash.size() + command->command_text.size() + command->meta.size();
  }
  out.reserve(size);
  for (const CommandRecord* command : commands) {
    char header[kHeaderBound];
    char* at = header;
    const auto number = [&](auto value, char after) {  // at most 20 digits, then `after`
      at = std::to_chars(at, at + 20, value).ptr;
      *at++ = after;
    };
    number(command->seat, ' ');
    number(command->state_hash.size(), ' ');
    if (command->meta.empty()) {
      number(command->command_text.size(), '\n');
    } else {
      number(command->command_text.size(), ' ');
      number(command->meta.size(), '\n');
    }
    out.append(header, static_cast<std::size_t>(at - header));
    out += command->state_hash;
    out += command->command_text;
    out += command->meta;
  }
}

std::optional<std::vector<CommandRecord>> decode_command_batch(std::int64_t first_idx, std::int64_t last_idx,
                                                               const std::string& payload) {
  if (first_idx < 1 || last_idx < first_idx) return std::nullopt;
  std::vector<CommandRecord> commands;
  std::size_t at = 0;
  for (std::int64_t index = first_idx; index <= last_idx; ++index) {
    CommandRecord command;
    command.index = index;
    std::size_t hash_size = 0;
    std::size_t text_size = 0;
    std::size_t meta_size = 0;
    if (!read_number(payload, at, ' ', command.seat) || !read_number(payload, at, ' ', hash_size) ||
        !read_text_size(payload, at, text_size, meta_size) || !read_bytes(payload, at, hash_size, command.state_hash) ||
        !read_bytes(payload, at, text_size, command.command_text) || !read_bytes(payload, at, meta_size, command.meta)) {
      return std::nullopt;
    }
    commands.push_back(std::move(command));
  }
  if (at != payload.size()) return std::nullopt;
  return commands;
}

}  // namespace concord::persistence
