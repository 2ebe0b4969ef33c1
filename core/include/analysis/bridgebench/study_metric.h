// How the user's runs are compared with the study's figures: one decision, which `compare
// --with-study` and the Compare tab's "Compare with the published study" both take here and only
// word. Across workloads samples/s says little, so where a run's workload differs from the
// study's the metric becomes achieved TFLOP/s per device, which holds model, batch, text length
// and device count out; where it is not known (an import that does not name its model or
// precision), samples/s stays and the reason says which fields are unknown rather than that the
// workload is the study's (the comparison refuses a speedup where an unknown field changes the work).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bridgebench/run_record.h"
#include "bridgebench/run_comparison.h"

namespace bb {

struct StudyMetricChoice {
    enum class Why {
        SameWorkload,     // every run has the study's workload: samples/s
        WorkloadDiffers,  // a run's differs: TFLOP/s per device
        WorkloadUnknown,  // none differs, but a run's is partly unknown: samples/s
    };
    CompareMetric metric = CompareMetric::SamplesPerSec;
    Why why = Why::SameWorkload;
    std::int64_t decidedBy = 0;  // the run whose workload decided: the first that differs, else the first unknown
    // What differs ("batch 40 vs 48") for WorkloadDiffers; the unknown fields ("model, precision")
    // for WorkloadUnknown; empty otherwise. In core's English; a front end with words of its own
    // words the fields below.
    std::string detail;
    std::vector<WorkloadDifference> differences;  // WorkloadDiffers: field by field
    std::vector<WorkloadField> unknownFields;     // WorkloadUnknown
};

// `study`: one of the study's runs (studyRuns()), which the runs are held against.
StudyMetricChoice chooseStudyMetric(const std::vector<RunRecord>& runs, const RunRecord& study);

}  // namespace bb
