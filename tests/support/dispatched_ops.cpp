#include "support/dispatched_ops.h"

#include <algorithm>
#include <memory>

#include <ATen/record_function.h>

namespace bb::test {

namespace {

// RecordFunctionCallback takes a plain function pointer, so the names go to a thread-local list.
thread_local std::vector<std::string>* t_names = nullptr;

std::unique_ptr<at::ObserverContext> recordName(const at::RecordFunction& function) {
    if (t_names != nullptr) t_names->emplace_back(function.name());
    return nullptr;
}

}  // namespace

std::vector<std::string> dispatchedOps(const std::function<void()>& work) {
    std::vector<std::string> names;
    t_names = &names;
    const auto handle = at::addThreadLocalCallback(at::RecordFunctionCallback(recordName));
    // The callback goes whatever `work` throws: a stale one would record into a dead list.
    struct Remove {
        at::CallbackHandle handle;
        ~Remove() {
            at::removeCallback(handle);
            t_names = nullptr;
        }
    } remove{handle};
    work();
    return names;
}

bool dispatched(const std::vector<std::string>& ops, const std::string& name) {
    return std::find(ops.begin(), ops.end(), name) != ops.end();
}

}  // namespace bb::test
