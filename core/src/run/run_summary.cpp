#include "bridgebench/run_summary.h"

#include <algorithm>
#include <cmath>
#include <iterator>
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

RunSummary summarize(std::span<const StepMetrics> steps, std::int64_t warmupSteps, double flopsPerSample,
                     MeasuredParts parts) {
    RunSummaryBuilder builder(warmupSteps, flopsPerSample, parts);
    for (const auto& step : steps) builder.add(step);
    return builder.finish();
}

RunSummaryBuilder::RunSummaryBuilder(std::int64_t warmupSteps, double flopsPerSample, MeasuredParts parts)
    : m_parts(parts) {
    m_summary.warmupSteps = warmupSteps;
    m_summary.samples = 0;  // the engine counts every step's: none yet
    if (flopsPerSample > 0) m_summary.flopsPerSample = flopsPerSample;
}

void RunSummaryBuilder::add(const StepMetrics& step) {
    ++m_summary.steps;
    m_summary.durationS = m_summary.durationS.value_or(0) + step.wallMs / 1000.0;
    m_summary.samples = m_summary.samples.value_or(0) + step.samples;
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
        empty.flopsPerSample = m_summary.flopsPerSample;
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
    // Steps that took no time (an import's first logged step) time nothing.
    if (all.m_wallMs > 0) {
        summary.medianSamplesPerSec = percentile(rates, 0.5);
        summary.p5SamplesPerSec = percentile(rates, 0.05);
        summary.p95SamplesPerSec = percentile(rates, 0.95);
        // The mean is total samples over total time, not the mean of per-step rates, which
        // would overweight fast steps.
        summary.meanSamplesPerSec = samplesPerSecond(all.m_samples, all.m_wallMs);
        if (m_parts.dataWait) summary.dataWaitShare = all.m_waitMs / all.m_wallMs;
        if (m_parts.comm) summary.commShare = all.m_commMs / all.m_wallMs;
    }
    if (!all.m_others.empty() && all.m_otherWallMs > 0) {
        std::vector<double>& others = all.m_others;
        std::sort(others.begin(), others.end());
        summary.otherCpuCores = all.m_otherCoreMs / all.m_otherWallMs;
        summary.otherCpuCoresP95 = percentile(others, 0.95);
    }
    if (summary.flopsPerSample && summary.meanSamplesPerSec)
        summary.achievedFlopsPerSec = *summary.meanSamplesPerSec * *summary.flopsPerSample;
    return summary;
}

std::optional<double> headlineSamplesPerSec(const RunSummary& summary) {
    if (summary.headline) return summary.headline->samplesPerSec;
    if (summary.meanSamplesPerSec && *summary.meanSamplesPerSec > 0) return summary.meanSamplesPerSec;
    return summary.medianSamplesPerSec;
}

std::vector<std::pair<std::string, std::optional<double>>> summaryFigures(const RunSummary& s) {
    std::vector<std::pair<std::string, std::optional<double>>> figures = {
        {"median_samples_per_s", s.medianSamplesPerSec},
        {"mean_samples_per_s", s.meanSamplesPerSec},
        {"p5_samples_per_s", s.p5SamplesPerSec},
        {"p95_samples_per_s", s.p95SamplesPerSec},
        {"data_wait_share", s.dataWaitShare},
    };
    if (!s.distributed.is_null() || s.commShare) figures.emplace_back("comm_share", s.commShare);
    figures.emplace_back("flops_per_sample", s.flopsPerSample);
    figures.emplace_back("achieved_flops_per_s", s.achievedFlopsPerSec);
    figures.emplace_back("duration_s", s.durationS);
    figures.emplace_back("final_loss", s.finalLoss);
    return figures;
}

namespace {

nlohmann::json skippedList(const std::vector<SkippedSample>& samples) {
    nlohmann::json listed = nlohmann::json::array();
    for (const auto& sample : samples) listed.push_back({{"path", sample.path}, {"reason", sample.reason}});
    return listed;
}

}  // namespace

namespace {

// The keys to_json writes and from_json reads; anything else a stored summary holds is `other`.
constexpr const char* kModelledKeys[] = {
    "steps", "warmup_steps", "warmup_excluded", "median_samples_per_s", "mean_samples_per_s", "p5_samples_per_s",
    "p95_samples_per_s", "data_wait_share", "comm_share", "flops_per_sample", "achieved_flops_per_s", "samples",
    "skipped_samples", "skipped_first", "duration_s", "final_loss", "steps_not_stored", "available_cores_at_start",
    "other_cpu_cores", "other_cpu_cores_p95", "probe", "distributed", "decode", "loss_scaling", "profile",
    "device_memory", "headline", "headline_only", "steps_median_samples_per_s", "train_loss"};

void putKnown(nlohmann::json& out, const char* key, const std::optional<double>& value) {
    if (value) out[key] = *value;
}

// Absent or null: unknown. Another type throws, as for every key, so that the store names the
// value it cannot read (store/readable_run.h).
std::optional<double> number(const nlohmann::json& in, const char* key) {
    const auto found = in.find(key);
    if (found == in.end() || found->is_null()) return std::nullopt;
    return found->get<double>();
}

// Older builds stored 0 for these when they were not counted ("0: unknown" in their summary).
std::optional<double> positive(const nlohmann::json& in, const char* key) {
    const auto value = number(in, key);
    return value && *value > 0 ? value : std::nullopt;
}

}  // namespace

// The stored layout is the one older builds read: a headline is stored as median_samples_per_s
// (with "headline" naming its source, and the steps' own median beside it), as the study's
// figures always were, so that a file written here still reads the same there.
void to_json(nlohmann::json& out, const RunSummary& s) {
    out = s.other.is_object() ? s.other : nlohmann::json::object();
    out["steps"] = s.steps;
    out["warmup_steps"] = s.warmupSteps;
    out["warmup_excluded"] = s.warmupExcluded;
    if (s.headline) {
        out["median_samples_per_s"] = s.headline->samplesPerSec;
        if (!s.headline->source.empty()) out["headline"] = s.headline->source;
        putKnown(out, "steps_median_samples_per_s", s.medianSamplesPerSec);
    } else {
        putKnown(out, "median_samples_per_s", s.medianSamplesPerSec);
    }
    if (s.headlineOnly) out["headline_only"] = true;
    putKnown(out, "mean_samples_per_s", s.meanSamplesPerSec);
    putKnown(out, "p5_samples_per_s", s.p5SamplesPerSec);
    putKnown(out, "p95_samples_per_s", s.p95SamplesPerSec);
    putKnown(out, "data_wait_share", s.dataWaitShare);
    putKnown(out, "comm_share", s.commShare);
    putKnown(out, "flops_per_sample", s.flopsPerSample);
    putKnown(out, "achieved_flops_per_s", s.achievedFlopsPerSec);
    if (s.samples) out["samples"] = *s.samples;
    out["skipped_samples"] = s.skippedSamples;
    out["skipped_first"] = skippedList(s.skippedFirst);
    putKnown(out, "duration_s", s.durationS);
    putKnown(out, "final_loss", s.finalLoss);
    putKnown(out, "train_loss", s.trainLoss);
    if (s.stepsNotStored > 0) out["steps_not_stored"] = s.stepsNotStored;
    putKnown(out, "available_cores_at_start", s.availableCoresAtStart);
    if (s.otherCpuCores) {
        out["other_cpu_cores"] = *s.otherCpuCores;
        out["other_cpu_cores_p95"] = s.otherCpuCoresP95.value_or(*s.otherCpuCores);
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
    s.headlineOnly = in.value("headline_only", false);
    const auto stated = number(in, "median_samples_per_s");
    if (const auto source = in.find("headline"); source != in.end() && source->is_string() && stated) {
        s.headline = Headline{*stated, source->get<std::string>()};
        s.medianSamplesPerSec = number(in, "steps_median_samples_per_s");
    } else if (s.headlineOnly && stated) {
        s.headline = Headline{*stated, {}};
    } else {
        s.medianSamplesPerSec = stated;
    }
    s.meanSamplesPerSec = number(in, "mean_samples_per_s");
    // An import without timed steps once stored its headline as its mean too.
    if (s.headlineOnly && s.headline && s.meanSamplesPerSec == s.headline->samplesPerSec) s.meanSamplesPerSec.reset();
    s.p5SamplesPerSec = number(in, "p5_samples_per_s");
    s.p95SamplesPerSec = number(in, "p95_samples_per_s");
    s.dataWaitShare = number(in, "data_wait_share");
    if (const auto distributed = in.find("distributed"); distributed != in.end()) s.distributed = *distributed;
    // One process has no all-reduce: older builds stored its share as 0.
    if (!s.distributed.is_null()) s.commShare = number(in, "comm_share");
    s.flopsPerSample = positive(in, "flops_per_sample");
    s.achievedFlopsPerSec = positive(in, "achieved_flops_per_s");
    // Older builds stored an import's unknown count as 0; no run counts steps of no samples.
    if (const auto samples = in.find("samples"); samples != in.end() && !samples->is_null()) {
        const auto count = samples->get<std::int64_t>();
        if (count > 0 || s.steps == 0) s.samples = count;
    }
    s.skippedSamples = in.value("skipped_samples", std::int64_t{0});
    s.stepsNotStored = in.value("steps_not_stored", std::int64_t{0});
    if (const auto listed = in.find("skipped_first"); listed != in.end() && listed->is_array()) {
        for (const auto& entry : *listed)
            s.skippedFirst.push_back({entry.value("path", std::string()), entry.value("reason", std::string())});
    }
    s.durationS = number(in, "duration_s");
    s.finalLoss = number(in, "final_loss");
    s.trainLoss = number(in, "train_loss");
    s.availableCoresAtStart = positive(in, "available_cores_at_start");
    if (const auto other = number(in, "other_cpu_cores"); other && std::isfinite(*other)) {
        s.otherCpuCores = other;
        s.otherCpuCoresP95 = number(in, "other_cpu_cores_p95").value_or(*other);
    }
    if (const auto probe = in.find("probe"); probe != in.end()) s.probe = probe->get<PipelineProbe>();
    if (const auto decode = in.find("decode"); decode != in.end()) s.decode = *decode;
    if (const auto scaling = in.find("loss_scaling"); scaling != in.end()) s.lossScaling = *scaling;
    if (const auto profile = in.find("profile"); profile != in.end()) s.profile = *profile;
    if (const auto memory = in.find("device_memory"); memory != in.end()) s.deviceMemory = *memory;
    for (const auto& [key, value] : in.items())
        if (std::find(std::begin(kModelledKeys), std::end(kModelledKeys), key) == std::end(kModelledKeys))
            s.other[key] = value;
}

}  // namespace bb
