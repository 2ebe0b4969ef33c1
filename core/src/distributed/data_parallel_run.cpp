#include "distributed/data_parallel_run.h"

#include <fstream>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>

#include "config/backend_choice.h"
#include "distributed/core_per_rank.h"
#include "distributed/data_parallel_sync.h"
#include "engine/other_cpu_meter.h"
#include "util/time_format.h"

namespace bb {

namespace {

// What makes two ranks train the same model on the same data: a rank that differs in one of
// these would average gradients of another workload, or issue other collectives. Two AdamW
// kernels round differently, so their replicas would drift apart.
constexpr const char* kAgreedKeys[] = {"model",         "weights",      "dataset",       "steps",
                                       "batch_size",    "text_length",  "precision",     "seed",
                                       "learning_rate", "weight_decay", "lr_warmup_ratio", "grad_clip",
                                       "optimizer_kernel", "interpolation", "augment",   "device_transforms",
                                       "backend",       "ddp_bucket_mb", "warmup_steps"};

std::string hostNameOrUnknown() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return "unknown";
    return name;
}

int coresHere() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

}  // namespace

std::string configDisagreement(const nlohmann::json& rank0, const nlohmann::json& other, int otherRank) {
    for (const char* key : kAgreedKeys) {
        const auto a = rank0.value(key, nlohmann::json());
        const auto b = other.value(key, nlohmann::json());
        if (a != b)
            return fmt::format("{}: the ranks disagree (rank 0 has {}, rank {} has {}); every rank must resolve "
                               "the same workload",
                               key, a.dump(), otherRank, b.dump());
    }
    return "";
}

bool DistributedRun::wanted(const RunConfig& config, const EnvLookup& env) {
    if (const auto world = worldFromEnvironment(env)) return world->distributed();
    return config.devices > 1;
}

std::unique_ptr<DistributedRun> DistributedRun::start(RunConfig& config, const EnvLookup& env) {
    std::unique_ptr<DistributedRun> run(new DistributedRun());
    std::optional<World> world = worldFromEnvironment(env);
    // Before a rank is started: devices=1024 on a cpu would start 1023 processes first.
    checkCorePerRank(config, world, static_cast<int>(affinityCpus().size()));
    const bool startsRanks = !world;
    if (!world) {
        world = World{};
        world->size = static_cast<int>(config.devices);
        world->localSize = world->size;
        world->masterAddr = "127.0.0.1";
        world->masterPort = 0;  // the store takes a free port and hands it to the ranks it starts
        world->launcher = "local";
    } else if (env("BRIDGEBENCH_LAUNCHER").value_or("") == "local") {
        world->launcher = "local";
    }
    run->m_world = *world;
    run->m_timeoutMs = static_cast<int>(config.ddpTimeoutS * 1000);

    const torch::Device configured(config.device);
    if (configured.is_cuda()) config.device = fmt::format("cuda:{}", run->m_world.localRank);
    if (config.threads == 0 && configured.is_cpu())
        config.threads = std::max<std::int64_t>(1, coresHere() / run->m_world.localSize - config.workers);
    run->m_backendNote = autoBackendNote(config.backend, configured.is_cuda(), ncclAvailable());
    config.backend = resolveBackend(config.backend, configured.is_cuda(), ncclAvailable());
    run->m_backend = config.backend;

    JoinOptions options;
    options.backend = config.backend;
    options.timeout = std::chrono::milliseconds(run->m_timeoutMs);
    options.device = configured.is_cuda() ? torch::Device(config.device) : torch::Device(torch::kCPU);
    std::function<void(int)> startRanks;
    if (startsRanks) {
        run->m_configFile = std::filesystem::temp_directory_path() /
                            fmt::format("bridgebench-ranks-{}-{}.json", getpid(), newUuid().substr(0, 8));
        saveRunConfig(config, run->m_configFile);
        startRanks = [&run, cli = findCliExecutable()](int port) {
            World ranks = run->m_world;
            ranks.masterPort = port;
            run->m_localRanks = std::make_unique<LocalRanks>(cli, run->m_configFile, ranks);
        };
    }
    run->m_collectives = Collectives::join(run->m_world, options, startRanks);
    run->m_world = run->m_collectives->world();
    // Each started rank read the file before it joined, so it goes now: a parent killed during
    // training (SIGKILL runs no destructor) leaves nothing behind in the temporary folder.
    run->removeConfigFile();

    auto& store = *run->m_collectives;
    const int rank = run->m_world.rank;
    store.setKey(fmt::format("config/{}", rank), toJson(config).dump());
    store.setKey(fmt::format("env/{}", rank), nlohmann::json{{"rank", rank},
                                                              {"host", hostNameOrUnknown()},
                                                              {"pid", static_cast<std::int64_t>(getpid())},
                                                              {"device", config.device},
                                                              {"threads", config.threads},
                                                              {"local_rank", run->m_world.localRank}}
                                                  .dump());
    const auto rank0Config = nlohmann::json::parse(store.getKey("config/0"));
    for (int r = 0; r < run->m_world.size; ++r) {
        const auto other = nlohmann::json::parse(store.getKey(fmt::format("config/{}", r)));
        if (const std::string problem = configDisagreement(rank0Config, other, r); !problem.empty()) {
            const auto colon = problem.find(':');
            throw ConfigError(problem.substr(0, colon), problem.substr(colon + 2));
        }
        run->m_environments.push_back(nlohmann::json::parse(store.getKey(fmt::format("env/{}", r))));
    }
    return run;
}

DistributedRun::~DistributedRun() {
    m_collectives.reset();  // closes our sockets first: ranks still waiting on us fail at once
    m_localRanks.reset();
    removeConfigFile();
}

void DistributedRun::removeConfigFile() noexcept {
    if (m_configFile.empty()) return;
    std::error_code ignored;
    std::filesystem::remove(m_configFile, ignored);
    m_configFile.clear();
}

const World& DistributedRun::world() const { return m_world; }
const std::string& DistributedRun::backend() const { return m_backend; }
const std::string& DistributedRun::backendNote() const { return m_backendNote; }
const nlohmann::json& DistributedRun::rankEnvironments() const { return m_environments; }

std::unique_ptr<GradientSynchronizer> DistributedRun::synchronizer(const RunConfig& config) {
    return std::make_unique<DataParallelSync>(m_collectives, config.ddpBucketMb, config.warmupSteps);
}

void DistributedRun::reportFailure(const std::string& error) noexcept {
    try {
        m_collectives->setKey(fmt::format("failed/{}", m_world.rank), error);
    } catch (...) {
        // The store went with rank 0; the others learn of this rank from its closed sockets.
    }
}

std::string DistributedRun::explainFailure(const std::string& error) noexcept {
    try {
        std::vector<std::string> known;
        for (int r = 0; r < m_world.size; ++r) {
            if (r == m_world.rank) continue;
            const auto& env = m_environments.size() > static_cast<std::size_t>(r) ? m_environments[r] : nlohmann::json();
            const std::string who = fmt::format("rank {} (pid {} on {})", r, env.value("pid", std::int64_t{-1}),
                                                env.value("host", std::string("?")));
            if (m_localRanks) {
                if (const std::string ended = m_localRanks->failureOf(r, 2000); !ended.empty()) {
                    known.push_back(who + " " + ended);
                    continue;
                }
            }
            try {
                if (m_collectives && m_collectives->hasKey(fmt::format("failed/{}", r)))
                    known.push_back(who + " failed: " + m_collectives->getKey(fmt::format("failed/{}", r)));
            } catch (...) {
            }
        }
        std::string out;
        for (const auto& line : known) out += (out.empty() ? "" : "; ") + line;
        return out.empty() ? fmt::format("rank {}: {}", m_world.rank, error)
                           : fmt::format("{} (rank {} saw: {})", out, m_world.rank, error);
    } catch (...) {
        return error;
    }
}

std::vector<std::string> DistributedRun::finish(bool completed) {
    if (!m_localRanks) return {};
    if (completed) return m_localRanks->waitAll(m_timeoutMs);
    m_collectives.reset();
    m_localRanks->stopAll();
    return {};
}

}  // namespace bb
