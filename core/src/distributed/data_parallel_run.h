// One process's part in a data-parallel run, from launch to the end: the world it belongs to
// (torchrun's or Slurm's environment, or the ranks `devices=N` starts here), the joined
// process group, the check that every rank resolved the same workload, and what is known of
// the other ranks when one fails.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "bridgebench/run_config.h"
#include "distributed/collectives.h"
#include "distributed/local_ranks.h"
#include "distributed/world.h"
#include "engine/gradient_synchronizer.h"

namespace bb {

class DistributedRun {
public:
    // Whether this config in this environment is a data-parallel run (no socket opened).
    static bool wanted(const RunConfig& config, const EnvLookup& env);

    // Joins (and for devices=N without a launcher's environment, first starts) the world.
    // Adjusts `config` to this rank: cuda:LOCAL_RANK, this rank's share of the cores, the
    // resolved backend. Blocks up to ddp_timeout_s. Throws WorldError or ConfigError (the CLI's
    // exit 2) naming the variable, the address, or the key and the ranks that disagree.
    static std::unique_ptr<DistributedRun> start(RunConfig& config, const EnvLookup& env);
    ~DistributedRun();

    const World& world() const;
    const std::string& backend() const;
    // Why auto did not choose the backend a reader would expect (backend_choice.h); empty when it did.
    const std::string& backendNote() const;
    std::unique_ptr<GradientSynchronizer> synchronizer(const RunConfig& config);
    // Every rank's host, pid, device and threads, by rank.
    const nlohmann::json& rankEnvironments() const;

    // Tells the other ranks why this one stops (they name it in their own error).
    void reportFailure(const std::string& error) noexcept;
    // The error of a failed collective, with what is known of the other ranks: the ones this
    // process started and how they ended, and the errors ranks reported.
    std::string explainFailure(const std::string& error) noexcept;
    // After the run: waits for the ranks this process started (all of them when it completed,
    // stopping them otherwise). Returns their failures, described.
    std::vector<std::string> finish(bool completed);

private:
    DistributedRun() = default;
    void removeConfigFile() noexcept;
    World m_world;
    std::string m_backend;
    std::string m_backendNote;
    std::shared_ptr<Collectives> m_collectives;
    std::unique_ptr<LocalRanks> m_localRanks;
    std::filesystem::path m_configFile;
    nlohmann::json m_environments = nlohmann::json::array();
    int m_timeoutMs = 120'000;
};

// The keys every rank must agree on, and the message naming the first that differs between
// rank 0's and another rank's resolved config ("" when they agree).
std::string configDisagreement(const nlohmann::json& rank0, const nlohmann::json& other, int otherRank);

}  // namespace bb
