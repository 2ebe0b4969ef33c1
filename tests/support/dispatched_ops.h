// The ATen operators a piece of code dispatches on this thread, seen through RecordFunction (the
// hook LibTorch's profiler uses), so that a test can tell which path an optimizer step took when
// both paths give the same numbers.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace bb::test {

// Runs `work` and returns the names ("aten::_foreach_mul_", ...) of the operators it dispatched
// on the calling thread, in order. Not reentrant.
std::vector<std::string> dispatchedOps(const std::function<void()>& work);

bool dispatched(const std::vector<std::string>& ops, const std::string& name);

}  // namespace bb::test
