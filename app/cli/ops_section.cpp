#include "cli/ops_section.h"

#include <fmt/format.h>

#include "cli/text_table.h"

namespace bb::cli {

namespace {

constexpr std::size_t kTopOps = 15;
constexpr std::size_t kMaxColumns = 120;

std::int64_t profileStepsOf(const RunRecord& run) {
    return run.config.profileSteps.value_or(0);
}

}  // namespace

nlohmann::json opsJson(const RunRecord& run, const std::vector<OpEvent>& ops) {
    if (ops.empty()) return nullptr;
    const OpProfileSummary summary = summarizeOps(ops, kTopOps);
    nlohmann::json top = nlohmann::json::array();
    for (const OpTotal& op : summary.top)
        top.push_back({{"op", op.name},
                       {"device", std::string(opDeviceName(op.device))},
                       {"calls", op.calls},
                       {"total_ms", op.totalMs},
                       {"share", op.share}});
    return {{"profile_steps", profileStepsOf(run)},
            {"steps", summary.steps},
            {"events", summary.events},
            {"steps_ms", summary.stepsMs},
            {"top", top}};
}

std::string opsText(const RunRecord& run, const std::vector<OpEvent>& ops) {
    const std::int64_t asked = profileStepsOf(run);
    if (ops.empty()) {
        const auto& profile = run.summary.profile;
        if (profile.is_object() && profile.contains("error"))
            return fmt::format("Ops: none recorded (profile_steps={}: {})\n", asked,
                               profile["error"].is_string() ? profile["error"].get<std::string>() : profile["error"].dump());
        return fmt::format("Ops: none recorded (profile_steps={})\n", asked);
    }
    const OpProfileSummary summary = summarizeOps(ops, kTopOps);
    std::string out = fmt::format("Ops (profile_steps={}, after the counted steps):\n", asked);
    out += fmt::format("  {} ops over {} profiled steps of {:.1f} ms; the {} that took the most time (an op's time holds "
                       "its children's):\n",
                       summary.events, summary.steps, summary.stepsMs, std::min(kTopOps, summary.top.size()));
    TextTable table({"op", "device", "calls", "total ms", "share"});
    for (const OpTotal& op : summary.top)
        table.addRow({op.name, std::string(opDeviceName(op.device)), std::to_string(op.calls),
                      fmt::format("{:.2f}", op.totalMs), fmt::format("{:.1f}%", op.share * 100)});
    out += table.render(kMaxColumns, 0);
    return out;
}

}  // namespace bb::cli
