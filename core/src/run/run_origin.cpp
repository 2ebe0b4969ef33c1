#include "bridgebench/run_origin.h"

#include <array>
#include <utility>

namespace bb {

std::string_view storedSource(RunOrigin origin) {
    switch (origin) {
    case RunOrigin::Engine: return "local";
    case RunOrigin::Import: return "imported";
    case RunOrigin::PublishedFigure:
    case RunOrigin::MeasuredReference: return "reference";
    }
    return "local";
}

std::optional<RunOrigin> originFromStored(std::string_view source, bool headlineOnly, bool measuredByPeer) {
    if (source == "local") return RunOrigin::Engine;
    if (source == "imported") return RunOrigin::Import;
    // A peer's run without per-step times has only its headline too, but it is measured.
    if (source == "reference")
        return headlineOnly && !measuredByPeer ? RunOrigin::PublishedFigure : RunOrigin::MeasuredReference;
    return std::nullopt;
}

namespace {

constexpr std::array<std::pair<ImportFormat, std::string_view>, 3> kFormatNames{{
    {ImportFormat::Trainer, "Hugging Face Trainer output"},
    {ImportFormat::TensorBoard, "TensorBoard event files"},
    {ImportFormat::Csv, "CSV"},
}};

}  // namespace

std::string_view storedFormatName(ImportFormat format) {
    for (const auto& [known, name] : kFormatNames)
        if (known == format) return name;
    return {};
}

std::optional<ImportFormat> storedFormatNamed(std::string_view name) {
    for (const auto& [format, known] : kFormatNames)
        if (known == name) return format;
    return std::nullopt;
}

}  // namespace bb
