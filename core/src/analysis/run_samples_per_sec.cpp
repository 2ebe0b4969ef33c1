#include "bridgebench/run_samples_per_sec.h"

#include "bridgebench/study_runs.h"

namespace bb {

namespace {

double summaryNumber(const RunRecord& run, const char* key) {
    const auto found = run.summary.find(key);
    return found != run.summary.end() && found->is_number() ? found->get<double>() : 0.0;
}

}  // namespace

double runSamplesPerSec(const RunRecord& run) {
    const double stated = summaryNumber(run, "median_samples_per_s");
    if (isPublishedFigure(run) || run.summary.contains("headline")) return stated;
    const double overTime = summaryNumber(run, "mean_samples_per_s");
    return overTime > 0 ? overTime : stated;
}

}  // namespace bb
