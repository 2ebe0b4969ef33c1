#include "bridgebench/run_summary.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <nlohmann/json.hpp>

namespace bb {

double samplesPerSecond(std::int64_t samples, double wallMs) {
    return wallMs > 0 ? static_cast<double>(samples) * 1000.0 / wallMs : 0.0;
}

namespace {

// Linear interpolation between closest ranks (numpy's default), on sorted values.
double percentile(const std::vector<double>& sorted, double fraction) {
    if (sorted.empty()) return 0;
    const double rank = fraction * static_cast<double>(sorted.size() - 1);
    const auto lower = static_cast<std::size_t>(rank);
    const auto upper = std::min(lower + 1, sorted.size() - 1);
    const double weight = rank - static_cast<double>(lower);
    return sorted[lower] * (1 - weight) + sorted[upper] * weight;
}

}  // namespace

RunSummary summarize(std::span<const StepMetrics> steps, std::int64_t warmupSteps, double flopsPerSample) {
    RunSummaryBuilder builder(warmupSteps, flopsPerSample);
    for (const auto& step : steps) builder.add(step);
    return builder.finish();
}

RunSummaryBuilder::RunSummaryBuilder(std::int64_t warmupSteps, double flopsPerSample) {
    m_summary.warmupSteps = warmupSteps;
    m_summary.flopsPerSample = flopsPerSample;
}

void RunSummaryBuilder::add(const StepMetrics& step) {
    ++m_summary.steps;
    m_summary.durationS += step.wallMs / 1000.0;
    m_summary.samples += step.samples;
    m_summary.finalLoss = step.loss;
    if (m_pastWarmup) {
        count(step);
    } else if (static_cast<std::int64_t>(m_warmup.size()) < m_summary.warmupSteps) {
        m_warmup.push_back(step);
    } else {
        // A step past warm-up: the warm-up steps are excluded from the statistics.
        m_pastWarmup = true;
        m_warmup.clear();
        m_warmup.shrink_to_fit();
        count(step);
    }
}

void RunSummaryBuilder::count(const StepMetrics& step) {
    if (std::isfinite(step.otherCpuCores)) {
        m_others.push_back(step.otherCpuCores);
        m_otherCoreMs += step.otherCpuCores * step.wallMs;
        m_otherWallMs += step.wallMs;
    }
    m_rates.push_back(samplesPerSecond(step.samples, step.wallMs));
    m_waitMs += step.dataWaitMs;
    m_commMs += step.commMs;
    m_wallMs += step.wallMs;
    m_samples += step.samples;
}

RunSummary RunSummaryBuilder::finish() const {
    if (m_summary.steps == 0) {
        RunSummary empty;
        empty.warmupSteps = m_summary.warmupSteps;
        return empty;
    }
    // No step past warm-up: the statistics fall back to all steps.
    RunSummaryBuilder all = *this;
    if (!m_pastWarmup) {
        all.m_summary.warmupExcluded = false;
        for (const auto& step : m_warmup) all.count(step);
    }
    RunSummary summary = all.m_summary;
    std::vector<double>& rates = all.m_rates;
    std::sort(rates.begin(), rates.end());
    summary.medianSamplesPerSec = percentile(rates, 0.5);
    summary.p5SamplesPerSec = percentile(rates, 0.05);
    summary.p95SamplesPerSec = percentile(rates, 0.95);
    // The mean is total samples over total time, not the mean of per-step rates, which
    // would overweight fast steps.
    summary.meanSamplesPerSec = samplesPerSecond(all.m_samples, all.m_wallMs);
    summary.dataWaitShare = all.m_wallMs > 0 ? all.m_waitMs / all.m_wallMs : 0;
    summary.commShare = all.m_wallMs > 0 ? all.m_commMs / all.m_wallMs : 0;
    if (!all.m_others.empty() && all.m_otherWallMs > 0) {
        std::vector<double>& others = all.m_others;
        std::sort(others.begin(), others.end());
        summary.otherCpuCores = all.m_otherCoreMs / all.m_otherWallMs;
        summary.otherCpuCoresP95 = percentile(others, 0.95);
    }
    summary.achievedFlopsPerSec = summary.meanSamplesPerSec * summary.flopsPerSample;
    return summary;
}

namespace {

nlohmann::json skippedList(const std::vector<SkippedSample>& samples) {
    nlohmann::json listed = nlohmann::json::array();
    for (const auto& sample : samples) listed.push_back({{"path", sample.path}, {"reason", sample.reason}});
    return listed;
}

}  // namespace

void to_json(nlohmann::json& out, const RunSummary& s) {
    out = {
        {"steps", s.steps},
        {"warmup_steps", s.warmupSteps},
        {"warmup_excluded", s.warmupExcluded},
        {"median_samples_per_s", s.medianSamplesPerSec},
        {"mean_samples_per_s", s.meanSamplesPerSec},
        {"p5_samples_per_s", s.p5SamplesPerSec},
        {"p95_samples_per_s", s.p95SamplesPerSec},
        {"data_wait_share", s.dataWaitShare},
        {"comm_share", s.commShare},
        {"flops_per_sample", s.flopsPerSample},
        {"achieved_flops_per_s", s.achievedFlopsPerSec},
        {"samples", s.samples},
        {"skipped_samples", s.skippedSamples},
        {"skipped_first", skippedList(s.skippedFirst)},
        {"duration_s", s.durationS},
        {"final_loss", s.finalLoss},
    };
    if (s.stepsNotStored > 0) out["steps_not_stored"] = s.stepsNotStored;
    if (s.availableCoresAtStart > 0) out["available_cores_at_start"] = s.availableCoresAtStart;
    if (std::isfinite(s.otherCpuCores)) {
        out["other_cpu_cores"] = s.otherCpuCores;
        out["other_cpu_cores_p95"] = s.otherCpuCoresP95;
    }
    if (!s.probe.empty()) out["probe"] = s.probe;
    if (!s.distributed.is_null()) out["distributed"] = s.distributed;
    if (!s.decode.is_null()) out["decode"] = s.decode;
    if (!s.lossScaling.is_null()) out["loss_scaling"] = s.lossScaling;
    if (!s.profile.is_null()) out["profile"] = s.profile;
    if (!s.deviceMemory.is_null()) out["device_memory"] = s.deviceMemory;
}

void from_json(const nlohmann::json& in, RunSummary& s) {
    s = RunSummary{};
    s.steps = in.value("steps", std::int64_t{0});
    s.warmupSteps = in.value("warmup_steps", std::int64_t{0});
    s.warmupExcluded = in.value("warmup_excluded", true);
    s.medianSamplesPerSec = in.value("median_samples_per_s", 0.0);
    s.meanSamplesPerSec = in.value("mean_samples_per_s", 0.0);
    s.p5SamplesPerSec = in.value("p5_samples_per_s", 0.0);
    s.p95SamplesPerSec = in.value("p95_samples_per_s", 0.0);
    s.dataWaitShare = in.value("data_wait_share", 0.0);
    s.commShare = in.value("comm_share", 0.0);
    s.flopsPerSample = in.value("flops_per_sample", 0.0);
    s.achievedFlopsPerSec = in.value("achieved_flops_per_s", 0.0);
    s.samples = in.value("samples", std::int64_t{0});
    s.skippedSamples = in.value("skipped_samples", std::int64_t{0});
    s.stepsNotStored = in.value("steps_not_stored", std::int64_t{0});
    if (const auto listed = in.find("skipped_first"); listed != in.end() && listed->is_array()) {
        for (const auto& entry : *listed)
            s.skippedFirst.push_back({entry.value("path", std::string()), entry.value("reason", std::string())});
    }
    s.durationS = in.value("duration_s", 0.0);
    s.finalLoss = in.value("final_loss", 0.0);
    s.availableCoresAtStart = in.value("available_cores_at_start", 0.0);
    if (const auto other = in.find("other_cpu_cores"); other != in.end() && other->is_number()) {
        s.otherCpuCores = other->get<double>();
        s.otherCpuCoresP95 = in.value("other_cpu_cores_p95", s.otherCpuCores);
    }
    if (const auto probe = in.find("probe"); probe != in.end()) s.probe = probe->get<PipelineProbe>();
    if (const auto distributed = in.find("distributed"); distributed != in.end()) s.distributed = *distributed;
    if (const auto decode = in.find("decode"); decode != in.end()) s.decode = *decode;
    if (const auto scaling = in.find("loss_scaling"); scaling != in.end()) s.lossScaling = *scaling;
    if (const auto profile = in.find("profile"); profile != in.end()) s.profile = *profile;
    if (const auto memory = in.find("device_memory"); memory != in.end()) s.deviceMemory = *memory;
}

}  // namespace bb
