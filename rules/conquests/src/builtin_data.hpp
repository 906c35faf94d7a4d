// Data text embedded at build time from rules/conquests/data/ (generated
// builtin_data.cpp; see CMakeLists.txt).
#pragma once

#include <string_view>

namespace concord::conquests::detail {

std::string_view builtin_map_text();
std::string_view builtin_empire_text();
std::string_view builtin_projects_text();

}  // namespace concord::conquests::detail
