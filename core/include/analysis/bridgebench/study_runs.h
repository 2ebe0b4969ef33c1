// What "the study" is when a user compares with it: the newest published table (the study's
// headline figures, as the blog gives them) and, beside it, the newest table BridgeBench measured
// itself on each device (core/references/): an H200 measured in 2026 stands next to the 2023
// figures rather than replacing them.
#pragma once

#include <string>
#include <vector>

#include "bridgebench/run_record.h"

namespace bb {

// The key of a measured table's header naming the peer that measured it
// (core/references/README.md); absent where BridgeBench's engine did. Its runs carry it as
// RunEnvironment::measuredWith.
inline constexpr const char* kMeasuredWithKey = "measured_with";

// A reference run with its steps, measured by BridgeBench or by a peer it ran on the same machine
// (Hugging Face's Trainer), not a published headline figure.
bool isMeasuredReference(const RunRecord& run);
// A measured reference run of a peer: its name says which; it did not run on the engine.
bool isPeerReference(const RunRecord& run);
// The peer that measured a reference run ("Hugging Face Trainer"); empty for every other run.
std::string peerOf(const RunRecord& run);
// What a peer's run ran, in the peer's words ("workers 1, adamw_torch_fused"); empty where unsaid.
std::string peerConfiguration(const RunRecord& run);
// One of the study's figures as the blog gives them: one number per configuration, no steps.
bool isPublishedFigure(const RunRecord& run);
// A run of BridgeBench's own engine, here or in a measured reference table: it fed the
// engine's captions and counted its FLOPs as it ran.
bool ranOnTheEngine(const RunRecord& run);

// The published table's runs first, then the newest measured table of each device and measurer
// (BridgeBench's engine, or a peer), each in the order given.
std::vector<RunRecord> studyRuns(const std::vector<RunRecord>& runs);

}  // namespace bb
