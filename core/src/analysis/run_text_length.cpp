#include "bridgebench/run_text_length.h"

#include "bridgebench/model_catalog.h"
#include "bridgebench/model_info.h"
#include "bridgebench/run_flops.h"
#include "bridgebench/study_runs.h"

namespace bb {

RunTextLength runTextLength(const RunRecord& run) {
    for (const char* key : {"text_length", "max_seq_length"})
        if (const auto found = run.config.find(key); found != run.config.end() && found->is_number_integer())
            if (const auto tokens = found->get<std::int64_t>(); tokens > 0) return {tokens, false};
    if (ranOnTheEngine(run)) {
        const auto stored = run.config.find("model_config");
        const auto model =
            resolveBridgeTowerModel(run.model, stored != run.config.end() ? *stored : nlohmann::json::object());
        if (model) return {defaultTextLength(model->config), false};
        return {};
    }
    if (isPublishedFigure(run)) return {kStudyTextLength, true};
    return {};
}

}  // namespace bb
