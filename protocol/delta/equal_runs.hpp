// How many bytes two ranges share from their start (or their end): what a
// view delta's COPY instructions cover (view_delta.cpp). By AVX-512 byte
// compares where the CPU has them, chosen once at run time, else by SSE2
// (every x86-64) or eight bytes at a time; each variant is callable on its
// own so that the tests can compare them on any machine that has them.
#pragma once

#include <cstddef>

namespace concord::protocol {

// How many of the n bytes at a and b are equal before the first that differs.
std::size_t equal_run(const char* a, const char* b, std::size_t n);
// How many of the n bytes before a_end and b_end are equal, counted from the end.
std::size_t equal_run_back(const char* a_end, const char* b_end, std::size_t n);

// The variants behind them; the AVX-512 ones only where equal_runs_avx512().
std::size_t equal_run_sse2(const char* a, const char* b, std::size_t n);
std::size_t equal_run_back_sse2(const char* a_end, const char* b_end, std::size_t n);
std::size_t equal_run_avx512(const char* a, const char* b, std::size_t n);
std::size_t equal_run_back_avx512(const char* a_end, const char* b_end, std::size_t n);
bool equal_runs_avx512();

}  // namespace concord::protocol
