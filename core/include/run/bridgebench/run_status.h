#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace bb {

// Lifecycle of a stored run. Interrupted: its process died while it was Running.
enum class RunStatus { Running, Completed, Cancelled, Failed, Interrupted };

std::string_view toString(RunStatus status);
std::optional<RunStatus> runStatusFromString(std::string_view text);

}  // namespace bb
