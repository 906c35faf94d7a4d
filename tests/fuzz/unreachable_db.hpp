// The database the dispatch fuzzer runs against: never reachable.
//
// unreachable_db.cpp defines persistence::WorkerPool's members in place of
// persistence/src/worker_pool.cpp (the linker then never pulls that object
// from libpersistence.a): a posted job is never run and its on_unavailable
// callback is what the caller gets, exactly as the real pool does once it
// gives up connecting, without its threads and its ~300 ms of connect
// retries per job. The callbacks run when the fuzzer drains them, on its
// own thread, after the call that posted them has returned.
#pragma once

#include <cstddef>

namespace concord::fuzz {

// Runs the on_unavailable callback of every job posted so far (and of jobs
// those callbacks post); returns how many ran.
std::size_t answer_unreachable_jobs();

// Forgets the job posted last (the fuzzer answers it itself); false if none.
bool take_last_job();

}  // namespace concord::fuzz
