#include "interop/import/imported_facts.h"

#include <fmt/format.h>

namespace bb {

namespace {

std::string fromArgs(const HfRunInfo& files, const char* key) { return fmt::format("{} ({})", files.argsSource, key); }

}  // namespace

std::int64_t applyImportedFacts(RunRecord& run, const HfRunInfo& files, const ImportOptions& options) {
    auto& provenance = run.environment.provenance;
    if (!options.model.empty()) {
        run.model = options.model;
        provenance["model"] = options.names.model;
    } else if (files.model) {
        run.model = *files.model;
        provenance["model"] = fmt::format("{} ({})", files.modelSource, files.modelKey);
    }
    // The files' config.json counts the FLOPs exactly, unless the user named another model.
    if (options.model.empty() && files.modelConfig.is_object()) {
        run.config.modelConfig = files.modelConfig;
        provenance["model_config"] = files.modelSource;
    }
    if (!run.model.empty()) run.config.facts["model"] = run.model;

    if (options.batchSize) {
        run.batchSize = *options.batchSize;
        provenance["batch_size"] = options.names.batchSize;
    } else if (files.perDeviceBatch) {
        run.batchSize = *files.perDeviceBatch;
        provenance["batch_size"] = fromArgs(files, "per_device_train_batch_size");
    }
    if (run.batchSize) run.config.facts["batch_size"] = *run.batchSize;

    const std::int64_t accumulation = files.gradAccumulation.value_or(1);
    if (files.gradAccumulation) {
        run.config.facts["gradient_accumulation_steps"] = accumulation;
        provenance["gradient_accumulation_steps"] = fromArgs(files, "gradient_accumulation_steps");
    }
    if (options.workers) {
        run.workers = *options.workers;
        run.config.facts["workers"] = *options.workers;
        provenance["workers"] = options.names.workers;
    } else if (files.workers) {
        run.workers = *files.workers;
        run.config.facts["workers"] = *files.workers;
        provenance["workers"] = fromArgs(files, "dataloader_num_workers");
    }
    if (!options.precision.empty()) {
        run.precision = options.precision;
        provenance["precision"] = options.names.precision;
    } else if (files.precision) {
        run.precision = *files.precision;
        provenance["precision"] = fromArgs(files, "bf16, fp16");
    }
    if (!run.precision.empty()) run.config.facts["precision"] = run.precision;
    if (run.deviceKind.empty() && files.habana) {
        run.deviceKind = "hpu";
        provenance["device_kind"] = fromArgs(files, "use_habana");
    }
    return accumulation;
}

}  // namespace bb
