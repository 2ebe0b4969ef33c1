#include "bridgebench/study_metric.h"

namespace bb {

StudyMetricChoice chooseStudyMetric(const std::vector<RunRecord>& runs, const RunRecord& study) {
    StudyMetricChoice choice;
    // The first run that differs decides for all, so that they stay on one axis.
    for (const auto& run : runs) {
        if (run.id == study.id) continue;
        const auto against = compareRuns({study, run}, CompareMetric::SamplesPerSec, study.id);
        const auto& entry = against.entries.back();
        if (entry.workloadDiffers) {
            return {CompareMetric::AchievedTflopsPerDevice, StudyMetricChoice::Why::WorkloadDiffers, run.id,
                    entry.workloadNote, entry.differences, {}};
        }
        if (!entry.unknownFields.empty() && choice.why == StudyMetricChoice::Why::SameWorkload)
            choice = {CompareMetric::SamplesPerSec, StudyMetricChoice::Why::WorkloadUnknown, run.id, entry.workloadUnknown,
                      {}, entry.unknownFields};
    }
    return choice;
}

}  // namespace bb
