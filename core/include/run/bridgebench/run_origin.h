// Where a run's figures come from: one type for every layer, so that no front end tells a
// published figure from a measured one by the strings it was stored under.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace bb {

enum class RunOrigin {
    Engine,             // a run of this engine, here
    Import,             // read from another tool's files (ImportFormat says which)
    PublishedFigure,    // one of the study's figures as the blog gives them: no steps
    MeasuredReference,  // a reference table measured on the same machine and day, by the engine or a peer
};

// The runs table stores the origin in its source column as local | imported | reference; a
// reference run is a published figure when it has its headline only and no peer measured it.
std::string_view storedSource(RunOrigin origin);
std::optional<RunOrigin> originFromStored(std::string_view source, bool headlineOnly, bool measuredByPeer);

// Reference tables, published or measured: read-only, shown apart from the user's runs.
inline bool isReference(RunOrigin origin) {
    return origin == RunOrigin::PublishedFigure || origin == RunOrigin::MeasuredReference;
}

// The formats an import reads (core/src/store/import/). The CLI names them by a word
// (importFormatNamed, run_import.h); an imported run stores its format in words of its own
// ("Hugging Face Trainer output"). A database's runs keep the formats they were imported from.
enum class ImportFormat { Trainer, TensorBoard, Csv, Database };

std::string_view storedFormatName(ImportFormat format);  // empty for Database
std::optional<ImportFormat> storedFormatNamed(std::string_view name);

}  // namespace bb
