#include <cmath>
#include <iostream>
#include <vector>

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "bridgebench/run_config.h"
#include "bridgebench/run_session.h"
#include "cli/cli_common.h"
#include "cli/text_wrap.h"
#include "cli/interrupt.h"
#include "cli/progress_line.h"

namespace bb::cli {

namespace {

class RecordingNothing final : public RunObserver {
public:
    void step(const StepMetrics&) override {}
    void finished(const RunOutcome&) override {}
};

struct RunOptions {
    std::string configFile;
    std::vector<std::string> settings;
    std::string dbPath;
    bool json = false;
};

RunConfig resolveConfig(const RunOptions& options) {
    RunConfig config = options.configFile.empty() ? RunConfig{} : loadRunConfig(options.configFile);
    applySettings(config, options.settings);
    return config;
}

// As `--json` has them: a run that trained on fewer files than its dataset lists says so.
void printSkipped(const RunSummary& s) {
    if (s.skippedSamples == 0) return;
    std::cout << fmt::format("  skipped samples:  {} the loader could not use{}\n", s.skippedSamples,
                             s.skippedFirst.empty() ? "" : ", the first:");
    for (const auto& sample : s.skippedFirst) std::cout << fmt::format("    {}: {}\n", sample.path, sample.reason);
}

// A figure to `digits` decimals (times `scale`), or "unknown" where the run did not measure it.
std::string figure(const std::optional<double>& value, int digits, double scale = 1) {
    return value ? fmt::format("{:.{}f}", *value * scale, digits) : std::string("unknown");
}

void printSummary(const RunOutcome& outcome, std::int64_t runId, const std::string& name, const std::string& db) {
    const auto& s = outcome.summary;
    std::cout << fmt::format("Run {} \"{}\": {}\n", runId, name, toString(outcome.status));
    if (!outcome.error.empty()) std::cout << "  error:            " << outcome.error << '\n';
    if (s.steps == 0) {
        // The summary's figures are zeros then, not measurements.
        if (s.stepsNotStored > 0)
            std::cout << fmt::format("  steps:            none stored ({} trained, none could be stored)\n",
                                     s.stepsNotStored);
        else
            std::cout << "  steps:            none (nothing was measured)\n";
        std::cout << "  database:         " << db << '\n';
        return;
    }
    std::cout << fmt::format("  steps:            {} ({} warm-up{})\n", s.steps, s.warmupSteps,
                             s.warmupExcluded ? " excluded" : ", too few steps to exclude");
    if (s.stepsNotStored > 0)
        std::cout << fmt::format("  not stored:       {} more steps were trained but could not be stored; the figures "
                                 "count the stored ones\n",
                                 s.stepsNotStored);
    std::cout << fmt::format("  samples/s:        {} over the time  "
                             "(single steps: median {}, p5 {}, p95 {})\n",
                             figure(s.meanSamplesPerSec, 2), figure(s.medianSamplesPerSec, 2),
                             figure(s.p5SamplesPerSec, 2), figure(s.p95SamplesPerSec, 2));
    std::cout << fmt::format("  data wait share:  {}%\n", figure(s.dataWaitShare, 1, 100));
    printSkipped(s);
    // Printed on a quiet machine too: "0.02 cores" is what says the figures are the run's own.
    if (s.otherCpuCores)
        std::cout << fmt::format("  other processes:  {:.2f} cores on average, {:.2f} at the 95th percentile of steps\n",
                                 *s.otherCpuCores, s.otherCpuCoresP95.value_or(*s.otherCpuCores));
    if (s.decode.is_object())
        std::cout << "  JPEG decoding:    " << s.decode.value("site", std::string("?"))
                  << (s.decode.contains("fallback") ? " (" + s.decode.value("fallback", std::string()) + ")" : std::string())
                  << '\n';
    if (s.distributed.is_object()) {
        std::cout << fmt::format("  data parallel:    {} ranks over {}, communication share {}%\n",
                                 s.distributed.value("world_size", 0), s.distributed.value("backend", std::string()),
                                 figure(s.commShare, 1, 100));
        for (const auto& rank : s.distributed.value("ranks", nlohmann::json::array()))
            std::cout << fmt::format("    rank {} on {}: step {:.1f} ms, compute {:.1f} ms, comm {:.1f} ms, data wait {:.1f} ms\n",
                                     rank.value("rank", 0), rank.value("host", std::string("?")),
                                     rank.value("median_wall_ms", 0.0), rank.value("median_compute_ms", 0.0),
                                     rank.value("median_comm_ms", 0.0), rank.value("median_data_wait_ms", 0.0));
    }
    if (s.achievedFlopsPerSec)
        std::cout << fmt::format("  achieved:         {:.2f} GFLOP/s\n", *s.achievedFlopsPerSec / 1e9);
    std::cout << fmt::format("  duration:         {} s, final loss {}\n", figure(s.durationS, 2), figure(s.finalLoss, 4));
    std::cout << "  database:         " << db << '\n';
}

// Ranks other than 0 of a data-parallel run: they train and report to rank 0, which stores
// and prints the run; they print one line on stderr and keep stdout empty.
int followerCommand(const RunConfig& config, std::shared_ptr<DistributedRun> world) {
    const int rank = dataParallelRank(*world);
    RecordingNothing quiet;
    RunSession session({}, config, quiet, 0, std::move(world));
    InterruptScope interrupt([&session] { session.cancel(); });
    const RunOutcome outcome = session.wait();
    exitNormallyAfterInterrupt();
    std::cerr << fmt::format("rank {}: {}{}\n", rank, toString(outcome.status),
                             outcome.error.empty() ? "" : ": " + outcome.error);
    return outcome.status == RunStatus::Failed ? kExitRunFailed : kExitOk;
}

int runCommand(const RunOptions& options) {
    RunConfig config = resolveConfig(options);
    // Joined before the session, so that a bad launch (a missing variable, a port in use, ranks
    // that disagree) is exit 2 with no run row left behind.
    std::shared_ptr<DistributedRun> world = joinDataParallel(config);
    if (world && dataParallelRank(*world) != 0) return followerCommand(config, std::move(world));
    ProgressLine progress;
    RunSession session(options.dbPath, config, progress, 0, std::move(world));
    const std::int64_t runId = session.runId();
    if (!options.json) std::cerr << fmt::format("Run {} started; results go to {}\n", runId, options.dbPath);
    InterruptScope interrupt([&session] { session.cancel(); });
    session.start();
    const RunOutcome outcome = session.wait();

    if (options.json) {
        nlohmann::json out = outcome.summary;
        out["run_id"] = runId;
        out["name"] = session.name();
        out["status"] = std::string(toString(outcome.status));
        out["error"] = outcome.error;
        out["database"] = options.dbPath;
        std::cout << out.dump(2) << '\n';
    } else {
        printSummary(outcome, runId, session.name(), options.dbPath);
    }
    return outcome.status == RunStatus::Completed || outcome.status == RunStatus::Cancelled ? kExitOk
                                                                                            : kExitRunFailed;
}

// The config keys with their defaults, from core's key table: `run --help` is where a user of
// --set looks for them, and tests/docs/check_docs.py reads them here to hold docs/config.md to it.
std::string runFooter() {
    const nlohmann::json defaults = toJson(RunConfig{});
    std::string text =
        "Without --config every key has its default; --set KEY=VALUE overrides one (booleans: true/false, on/off,\n"
        "yes/no or 1/0). Ctrl-C or SIGTERM stops after the current step and stores the run as cancelled with its\n"
        "steps; the command then ends by that signal.\n" +
        wrapText(exitCodesText(), 110) + "\n"
        "Examples:\n"
        "  bridgebench-cli run                                   mini-clip, 50 steps, generated JPEGs\n"
        "  bridgebench-cli run --set model=tiny --set workers=1 --set steps=100 --json\n"
        "  bridgebench-cli run --config my-run.json --db results.db\n\n"
        "Config keys (default in brackets; docs/config.md has their ranges):\n";
    for (const auto& info : runConfigKeys()) {
        const std::string key(info.key);
        const auto value = defaults.find(key);
        const std::string shown = value == defaults.end() ? std::string("?") : value->dump();
        text += fmt::format("  {:<18} [{}] {}\n", key, shown, info.help);
    }
    return text;
}

}  // namespace

void registerRunCommand(CLI::App& root, CliState& state) {
    auto options = std::make_shared<RunOptions>();
    auto* command = root.add_subcommand("run", "Train one run and store its steps and summary");
    command->add_option("--config", options->configFile, "Run config JSON file");
    command->add_option("--set", options->settings, "Override a config key: KEY=VALUE (repeatable)");
    addDbOption(*command, options->dbPath);
    command->add_flag("--json", options->json, "Print the summary as one JSON document on stdout");
    command->footer(runFooter());
    command->callback([options, &state] { state.exitCode = guarded([&] { return runCommand(*options); }); });
}

}  // namespace bb::cli
