#include "engine/run_memory_check.h"

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "engine/run_memory_estimate.h"

namespace bb {

namespace {

std::string inWords(std::int64_t bytes) {
    constexpr double kGiB = 1024.0 * 1024 * 1024;
    if (bytes >= (std::int64_t{1} << 40)) return fmt::format("{:.1f} TiB", static_cast<double>(bytes) / (kGiB * 1024));
    if (bytes >= (std::int64_t{1} << 30)) return fmt::format("{:.1f} GiB", static_cast<double>(bytes) / kGiB);
    return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1024.0 * 1024));
}

// Processes on this machine that each hold a copy: data parallel on the CPU starts `devices` of them.
std::int64_t sharing(const RunConfig& config) {
    return torch::Device(config.device).is_cuda() ? 1 : std::max<std::int64_t>(1, config.devices);
}

std::int64_t needs(const RunConfig& config) {
    const double total = static_cast<double>(estimateRunMemory(config).totalBytes()) * static_cast<double>(sharing(config));
    return total >= 9.0e18 ? static_cast<std::int64_t>(9.0e18) : static_cast<std::int64_t>(total);
}

// The largest batch that fits (the estimate grows with the batch), 0 when none does.
std::int64_t largestFittingBatch(RunConfig config, std::int64_t available) {
    std::int64_t fits = 0;
    std::int64_t tooLarge = config.batchSize;
    while (tooLarge - fits > 1) {
        const std::int64_t middle = fits + (tooLarge - fits) / 2;
        config.batchSize = middle;
        (needs(config) <= available ? fits : tooLarge) = middle;
    }
    return fits;
}

}  // namespace

void checkRunFitsMemory(const RunConfig& config, const AvailableMemory& available) {
    const std::int64_t needed = needs(config);
    if (needed <= available.bytes) return;
    const RunMemoryEstimate estimate = estimateRunMemory(config);
    std::string detail = fmt::format(
        "{} needs an estimated {} of memory (parameters, gradients and AdamW state {}, batches {}, activations {}, "
        "batch x batch similarity matrices {}{}), but {} has {} available ({})",
        config.batchSize, inWords(needed), inWords(estimate.modelStateBytes), inWords(estimate.batchBytes),
        inWords(estimate.activationBytes), inWords(estimate.similarityBytes),
        sharing(config) > 1 ? fmt::format("; times {} processes", sharing(config)) : std::string(), config.device,
        inWords(available.bytes), available.source);
    const std::int64_t fitting = largestFittingBatch(config, available.bytes);
    detail += fitting > 0 ? fmt::format(". batch_size {} or less would fit", fitting)
                          : std::string(". Not even batch_size 1 fits: the model is too large for this device");
    throw ConfigError("batch_size", detail);
}

void checkRunFitsMemory(const RunConfig& config) {
    if (const auto available = availableMemory(torch::Device(config.device))) checkRunFitsMemory(config, *available);
}

}  // namespace bb
