// Tokens per caption a stored run trained on. Its FLOPs per sample depend on it (BridgeTower-large
// at its 294 px: 1,259.5 GFLOP with 40 tokens, 1,486.6 with 128), so its samples/s compares like
// for like only with runs of the same length.
#pragma once

#include <cstdint>

#include "bridgebench/run_record.h"

namespace bb {

struct RunTextLength {
    std::int64_t tokens = 0;  // 0: unknown
    // Not recorded with the run: the study's figures are taken at run_bridgetower.py's default
    // max_seq_length (run_flops.h, kStudyTextLength).
    bool assumed = false;
};

// In order: `text_length` or `max_seq_length` in the run's config; for a run of the engine
// stored before text_length was a key, what it fed then (defaultTextLength of the model the run
// names); for the study's published figures, kStudyTextLength, assumed. Else unknown.
RunTextLength runTextLength(const RunRecord& run);

}  // namespace bb
