// Hugging Face Trainer output: trainer_state.json (log_history and its typed fields) and
// train_results.json / all_results.json, with Python's NaN and Infinity literals. The same
// bytes go through both readers.
#include "bridgebench/errors.h"
#include "bridgebench/trainer_state.h"
#include "bridgebench/trainer_train_metrics.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = bb::fuzz::textOf(data, size);
    try {
        const bb::TrainerState state = bb::parseTrainerState(text, "trainer_state.json");
        for (const auto& entry : state.logHistory)
            bb::fuzz::expect(entry.kind != bb::TrainerLogKind::TrainSummary || state.trainMetrics.has_value(),
                             "a train summary entry without train metrics");
    } catch (const bb::InputError& error) {
        bb::fuzz::expectNamesFile(error, "trainer_state.json");
    }
    try {
        (void)bb::parseTrainerResults(text, "all_results.json");
    } catch (const bb::InputError& error) {
        bb::fuzz::expectNamesFile(error, "all_results.json");
    }
    return 0;
}
