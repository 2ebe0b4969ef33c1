#include "support/stored_cpu_run.h"

#include "bridgebench/result_store.h"
#include "support/stored_summary.h"

namespace bb::test {

std::int64_t storeCompletedCpuRun(const std::filesystem::path& database, const std::string& name, int workers) {
    ResultStore store(database);
    RunRecord run;
    run.name = name;
    run.status = RunStatus::Completed;
    run.deviceKind = "cpu";
    run.deviceName = "cpu";
    run.model = "tiny";
    run.precision = "fp32";
    run.batchSize = 8;
    run.workers = workers;
    run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 40.0}, {"mean_samples_per_s", 40.0}, {"achieved_flops_per_s", 4e9}});
    return store.createRun(run);
}

}  // namespace bb::test
