#include "bridgebench/run_text_length.h"

#include "bridgebench/model_catalog.h"
#include "bridgebench/model_info.h"
#include "bridgebench/run_flops.h"
#include "bridgebench/study_runs.h"

namespace bb {

RunTextLength runTextLength(const RunRecord& run) {
    for (const auto& stated : {run.config.textLength, run.config.maxSeqLength})
        if (stated && *stated > 0) return {*stated, false};
    if (ranOnTheEngine(run)) {
        const auto model = resolveBridgeTowerModel(run.model, run.config.modelConfig);
        if (model) return {defaultTextLength(model->config), false};
        return {};
    }
    if (isPublishedFigure(run)) return {kStudyTextLength, true};
    return {};
}

}  // namespace bb
