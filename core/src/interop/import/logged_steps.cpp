#include "interop/import/logged_steps.h"

#include <algorithm>

namespace bb {

bool isLossTag(std::string_view tag) { return tag == "train/loss" || tag == "loss" || tag == "Loss/train"; }

std::map<std::int64_t, double> stepWallTimes(std::span<const ScalarEvent> scalars) {
    std::map<std::int64_t, double> earliest;
    std::map<std::int64_t, double> ofLoss;
    for (const auto& scalar : scalars) {
        auto [it, inserted] = earliest.emplace(scalar.step, scalar.wallTime);
        if (!inserted) it->second = std::min(it->second, scalar.wallTime);
        // A resumed run logs a step again after the restart: its last loss is the one that counts.
        if (isLossTag(scalar.tag)) ofLoss[scalar.step] = std::max(ofLoss[scalar.step], scalar.wallTime);
    }
    for (const auto& [step, wallTime] : ofLoss) earliest[step] = wallTime;
    return earliest;
}

std::vector<StepMetrics> stepsFromLog(std::vector<LoggedStep> logged, std::int64_t samplesPerStep) {
    std::sort(logged.begin(), logged.end(), [](const auto& a, const auto& b) { return a.step < b.step; });
    std::vector<StepMetrics> steps;
    steps.reserve(logged.size());
    const LoggedStep* previousTimed = nullptr;
    for (const auto& entry : logged) {
        StepMetrics step;
        step.step = entry.step;
        step.loss = entry.loss.value_or(0.0);
        step.deviceMemoryBytes = entry.deviceMemoryBytes;
        if (entry.wallTimeS) {
            step.timestampMs = *entry.wallTimeS * 1000.0;
            if (previousTimed && entry.step > previousTimed->step && *entry.wallTimeS > *previousTimed->wallTimeS) {
                const std::int64_t stepsBetween = entry.step - previousTimed->step;
                const double intervalMs = (*entry.wallTimeS - *previousTimed->wallTimeS) * 1000.0;
                step.wallMs = intervalMs / static_cast<double>(stepsBetween);
                step.samples = samplesPerStep;
                step.samplesPerSec = samplesPerSecond(samplesPerStep * stepsBetween, intervalMs);
            }
            previousTimed = &entry;
        }
        steps.push_back(step);
    }
    return steps;
}

}  // namespace bb
