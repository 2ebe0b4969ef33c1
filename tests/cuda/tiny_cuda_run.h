// Short runs through the real trainer (the tiny BridgeTower on the first GPU), for the CUDA
// tests that check what a whole run reports.
#pragma once

#include <string>

#include "bridgebench/run_observer.h"
#include "engine/run_control.h"
#include "engine/trainer.h"

namespace bb::test {

inline TrainerResult trainWithoutObserver(const RunConfig& config) {
    struct Silent final : RunObserver {
        void step(const StepMetrics& /*metrics*/) override {}
        void finished(const RunOutcome& /*outcome*/) override {}
    };
    Silent observer;
    RunControl control;
    return train(config, observer, control);
}

// The study's settings in small, through the loader: JPEGs decoded by two workers and copied on
// the copy stream, bf16, with device-side transforms as asked.
inline RunConfig tinyLoaderRunOnCuda(bool deviceTransforms, std::int64_t steps, std::int64_t warmupSteps) {
    RunConfig config;
    config.model = "tiny";
    config.dataset = "synthetic";
    config.device = "cuda:0";
    config.precision = "bf16";
    config.batchSize = 8;
    config.workers = 2;
    config.deviceTransforms = deviceTransforms;
    config.steps = steps;
    config.warmupSteps = warmupSteps;
    config.probe = false;
    return config;
}

inline TrainerResult trainTinyOnCuda(const std::string& precision, std::int64_t steps, std::int64_t warmupSteps) {
    RunConfig config;
    config.model = "tiny";
    config.dataset = "synthetic-tensors";
    config.device = "cuda:0";
    config.precision = precision;
    config.batchSize = 4;
    config.steps = steps;
    config.warmupSteps = warmupSteps;
    config.probe = false;
    return trainWithoutObserver(config);
}

}  // namespace bb::test
