// Repositories: all SQL for one table family in one place, parameterized.
// Each takes a pqxx::connection it does not own; call from a thread that owns
// that connection (a WorkerPool worker or the Journal), never an I/O thread.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <pqxx/pqxx>

namespace concord::persistence {

struct PlayerRecord {
  std::int64_t id = 0;
  std::string username;
  std::string password_hash;  // Argon2id encoded string (libsodium crypto_pwhash_str)
};

class PlayerRepository {
 public:
  explicit PlayerRepository(pqxx::connection& conn) : conn_(conn) {}
  // nullopt if the username is taken (case-insensitively).
  std::optional<std::int64_t> create(const std::string& username, const std::string& password_hash);
  std::optional<PlayerRecord> find_by_username(const std::string& username);  // case-insensitive
  std::optional<PlayerRecord> find_by_id(std::int64_t id);

 private:
  pqxx::connection& conn_;
};

// Session tokens are stored only as a hash (hex SHA-256 of the token).
class SessionRepository {
 public:
  explicit SessionRepository(pqxx::connection& conn) : conn_(conn) {}
  void create(const std::string& token_hash, std::int64_t player_id);
  // The player of a live (not revoked) session; touches last_seen.
  std::optional<std::int64_t> find_player(const std::string& token_hash);
  void revoke(const std::string& token_hash);
  // Those of `token_hashes` (hex) that are still live: not revoked, not
  // deleted (with their account or otherwise).
  std::set<std::string> live(const std::set<std::string>& token_hashes);

 private:
  pqxx::connection& conn_;
};

struct DeckRecord {
  std::int64_t id = 0;
  std::int64_t player_id = 0;
  std::string game;
  std::string name;
  std::string body;  // rules::Deck::to_text()
  unsigned card_count = 0;
};

class DeckRepository {
 public:
  explicit DeckRepository(pqxx::connection& conn) : conn_(conn) {}
  // Creates or replaces the player's deck with the same (game, name); returns its id.
  std::int64_t save(std::int64_t player_id, const std::string& game, const std::string& name,
                    const std::string& body, unsigned card_count);
  std::vector<DeckRecord> list(std::int64_t player_id, const std::string& game);  // game "" = all
  std::optional<DeckRecord> get(std::int64_t player_id, std::int64_t deck_id);   // only own decks
  bool remove(std::int64_t player_id, std::int64_t deck_id);                      // false if absent

 private:
  pqxx::connection& conn_;
};

struct MatchSeatRecord {
  int seat = 0;
  std::int64_t player_id = 0;
  std::string username;
  std::string deck_body;  // "" if the game needs no deck
};

struct MatchRecord {
  std::int64_t id = 0;
  std::string room_id;
  std::string game;
  std::string room_name;
  std::string options_text;  // rules::options_to_text
  std::string seed_hex;
  std::string seed_commitment;
  std::string status;        // "running", "finished", "aborted"
  std::string result_text;   // set when finished
  // The room's settings, so that recovery rebuilds the room as it was.
  std::string password_hash;  // "" = public room; never the plaintext
  std::int64_t creator_id = 0;  // 0 = unknown
  int seat_count = 0;           // 0 = unknown (then: the number of seats)
  std::string settings_blob;    // opaque room settings, stored as is
  std::vector<MatchSeatRecord> seats;
};

struct CommandRecord {
  std::int64_t index = 0;   // 1-based position in the match's log
  int seat = 0;
  std::string command_text;  // rules::Command::to_text
  std::string state_hash;    // state hash after applying the command
  std::string meta;          // the room's own record of the command (e.g. clock charges); not for the rules
};

class MatchRepository {
 public:
  explicit MatchRepository(pqxx::connection& conn) : conn_(conn) {}
  // Inserts the match and its seats with status "running"; returns its id.
  std::int64_t create(const MatchRecord& match);
  std::optional<MatchRecord> get(std::int64_t match_id);
  // Every match with status "running", with seats.
  std::vector<MatchRecord> list_running();
  std::vector<CommandRecord> commands(std::int64_t match_id);  // in order
  // Start-up, before recovery and before the journal writes: the commands
  // that the previous process left in the journal's blocks (migration 0008)
  // become rows of their matches. Returns how many commands it stored.
  std::size_t fold_journal_blocks();
  // Ends a match outside the journal (crash recovery marking an unrecoverable
  // match "aborted"). Returns false if no such match exists.
  bool finish(std::int64_t match_id, const std::string& status, const std::string& result_text);
  // The room's settings blob changed after the match was recorded (e.g. a judge named).
  void update_settings_blob(std::int64_t match_id, const std::string& blob);

 private:
  pqxx::connection& conn_;
};

// Rollbacks (migration 0004): a judge backs a match up to an earlier
// command index; the commands after it move to match_voided_commands.
struct RollbackRecord {
  std::int64_t id = 0;
  std::int64_t match_id = 0;
  std::string room_id;
  std::int64_t judge_id = 0;
  std::string judge;             // username (when read)
  std::int64_t from_index = 0;   // n: the match's command count before
  std::int64_t to_index = 0;     // k: its command count after
  std::string reason;
  std::int64_t created_unix_ms = 0;
};

struct VoidedCommand {
  std::int64_t rollback_id = 0;
  CommandRecord command;
};

// The live log of the match does not end at the rollback's from_index (the
// room and the journal disagree): nothing was changed.
struct RollbackConflict : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class RollbackRepository {
 public:
  explicit RollbackRepository(pqxx::connection& conn) : conn_(conn) {}
  // In one transaction: records the rollback and moves the commands
  // to_index+1..from_index out of the live log into match_voided_commands.
  // Returns the rollback's id; throws RollbackConflict (nothing changed)
  // unless the live log holds exactly commands 1..from_index.
  std::int64_t void_commands(const RollbackRecord& rollback);
  std::vector<RollbackRecord> rollbacks(std::int64_t match_id);  // oldest first
  std::vector<VoidedCommand> voided(std::int64_t match_id);      // by rollback, then index

 private:
  pqxx::connection& conn_;
};

// Judges (migration 0003): the server-wide capability, the audit of judge
// views, judge actions and calls.
struct JudgeActionRecord {
  std::int64_t match_id = 0;
  std::string room_id;
  std::int64_t judge_id = 0;
  std::int64_t command_index = 0;
  std::string kind;              // "pause", "resume", "penalty", "result"
  std::optional<int> seat;       // penalty: the seat index
  std::optional<std::int64_t> player_id;
  std::string category;
  std::string penalty;           // "note", "warning", "game_loss", ...
  std::string detail;
};

struct JudgeCallRecord {
  std::int64_t id = 0;
  std::string room_id;
  std::int64_t caller_id = 0;
  std::string caller;            // username
  std::string text;
  std::string status;            // "open", "taken", "resolved"
  std::int64_t taken_by = 0;     // 0 = nobody
  std::string taken_by_name;
  std::string note;
  std::int64_t created_unix_ms = 0;
};

class JudgeRepository {
 public:
  explicit JudgeRepository(pqxx::connection& conn) : conn_(conn) {}
  std::set<std::int64_t> judges();
  void grant(std::int64_t player_id, std::int64_t granted_by);
  void revoke(std::int64_t player_id);
  void audit_view(std::int64_t judge_id, const std::string& room_id, std::int64_t match_id,
                  std::int64_t command_index);
  std::int64_t record_action(const JudgeActionRecord& action);  // returns its id
  std::vector<JudgeActionRecord> actions(std::int64_t match_id);  // in order
  // Sets the result of a match as a judge decided it (status "finished").
  void judge_result(std::int64_t match_id, std::int64_t judge_id, const std::string& result_text);
  // Both of the above in one transaction: the "result" action and the match's
  // result it decides. Returns the action's id.
  std::int64_t record_result(const JudgeActionRecord& action, const std::string& result_text);

  JudgeCallRecord open_call(const std::string& room_id, std::int64_t match_id, std::int64_t caller_id,
                            const std::string& text);
  std::optional<JudgeCallRecord> call(std::int64_t call_id);
  std::vector<JudgeCallRecord> unresolved_calls();  // oldest first
  int open_calls_of_room(const std::string& room_id);
  // Open -> taken by `judge_id`; false if it was not open.
  bool take_call(std::int64_t call_id, std::int64_t judge_id);
  // Taken by `judge_id` -> resolved; false otherwise.
  bool resolve_call(std::int64_t call_id, std::int64_t judge_id, const std::string& note);

 private:
  pqxx::connection& conn_;
};

}  // namespace concord::persistence
