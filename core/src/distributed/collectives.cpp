// c10d's own headers are included here only (and in the nccl files), so that the rest of the
// engine compiles without them.
#include "distributed/collectives.h"

#include <cstdlib>

#include <fmt/format.h>

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include "distributed/c10d_compat.h"

namespace bb {

namespace {

bool isLoopback(const std::string& address) {
    return address == "localhost" || address.rfind("127.", 0) == 0 || address == "::1";
}

// GLOO_SOCKET_IFNAME (comma-separated, as PyTorch reads it) picks the interfaces; without it
// a loopback rendezvous keeps everything on loopback, and otherwise the host's own name
// decides (PyTorch's default).
std::vector<std::shared_ptr<::gloo::transport::Device>> glooDevices(const World& world) {
    std::vector<std::shared_ptr<::gloo::transport::Device>> devices;
    if (const char* names = std::getenv("GLOO_SOCKET_IFNAME"); names && *names) {
        std::string list(names);
        std::size_t start = 0;
        while (start <= list.size()) {
            const std::size_t comma = std::min(list.find(',', start), list.size());
            const std::string name = list.substr(start, comma - start);
            if (!name.empty()) {
                try {
                    devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(name));
                } catch (const std::exception& error) {
                    throw WorldError("GLOO_SOCKET_IFNAME", fmt::format("interface '{}' cannot be used: {}", name,
                                                                       error.what()));
                }
            }
            start = comma + 1;
        }
    }
    if (devices.empty()) {
        devices.push_back(isLoopback(world.masterAddr)
                              ? c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1")
                              : c10d::ProcessGroupGloo::createDefaultDevice());
    }
    return devices;
}

std::string firstLine(const char* text) {
    std::string line(text);
    if (const auto end = line.find('\n'); end != std::string::npos) line.resize(end);
    return line;
}

// LibTorch 2.4+ asks for the libuv server by default, which a build without libuv refuses
// (Debian's 2.x): the older server then serves instead.
c10::intrusive_ptr<c10d::TCPStore> openStore(const std::string& host, c10d::TCPStoreOptions options) {
    try {
        return c10::make_intrusive<c10d::TCPStore>(host, options);
    } catch (const std::exception& error) {
        if (std::string(error.what()).find("libuv") == std::string::npos || !useStoreWithoutLibuv(options)) throw;
    }
    return c10::make_intrusive<c10d::TCPStore>(host, options);
}

c10::intrusive_ptr<c10d::Store> connectStore(const World& world, const JoinOptions& options,
                                             const std::function<void(int)>& onServing) {
    c10d::TCPStoreOptions storeOptions;
    storeOptions.port = static_cast<std::uint16_t>(world.masterPort);
    storeOptions.isServer = world.rank == 0 && !world.agentStore;
    storeOptions.numWorkers = static_cast<std::size_t>(world.size);
    storeOptions.waitWorkers = false;  // the backend's own rendezvous waits for every rank
    storeOptions.timeout = options.timeout;
    c10::intrusive_ptr<c10d::TCPStore> store;
    const std::string where = fmt::format("{}:{}", world.masterAddr, world.masterPort);
    try {
        store = openStore(world.masterAddr, storeOptions);
    } catch (const std::exception& error) {
        if (storeOptions.isServer)
            throw WorldError("MASTER_PORT", fmt::format("rank 0 cannot serve the rendezvous store at {} ({}); "
                                                        "is the port in use?",
                                                        where, firstLine(error.what())));
        throw WorldError("MASTER_ADDR", fmt::format("rank {} reached no rendezvous store at {} within {} s ({})",
                                                    world.rank, where, options.timeout.count() / 1000,
                                                    firstLine(error.what())));
    }
    if (storeOptions.isServer && onServing) onServing(store->getPort());
    // Keys of an earlier torchrun attempt stay in the agent's store; ours stay apart from them.
    return c10::make_intrusive<c10d::PrefixStore>(fmt::format("bridgebench/attempt_{}", world.attempt), store);
}

class C10dCollectives final : public Collectives {
public:
    C10dCollectives(World world, const JoinOptions& options, const std::function<void(int)>& onServing)
        : m_world(std::move(world)), m_backendName(options.backend), m_device(options.device) {
        m_store = connectStore(m_world, options, [&](int port) {
            m_world.masterPort = port;
            if (onServing) onServing(port);
        });
        m_store->add("joined", 1);
        try {
            if (options.backend == "nccl") {
                m_backend = makeNcclBackend(m_store, m_world.rank, m_world.size, options.timeout);
            } else {
                auto glooOptions = c10d::ProcessGroupGloo::Options::create(options.timeout);
                glooOptions->devices = glooDevices(m_world);
                // Two threads, as PyTorch's default: one collective can run while the next is queued.
                glooOptions->threads = 2;
                m_backend = c10::make_intrusive<c10d::ProcessGroupGloo>(m_store, m_world.rank, m_world.size,
                                                                        glooOptions);
            }
        } catch (const WorldError&) {
            throw;
        } catch (const std::exception& error) {
            std::int64_t joined = 0;
            try {
                joined = m_store->add("joined", 0);
            } catch (const std::exception&) {
            }
            throw WorldError("WORLD_SIZE", fmt::format("rank {}: the {} process group did not form within {} s "
                                                       "({} of {} ranks had joined): {}",
                                                       m_world.rank, options.backend, options.timeout.count() / 1000,
                                                       joined, m_world.size, firstLine(error.what())));
        }
    }

    const World& world() const override { return m_world; }
    const std::string& backendName() const override { return m_backendName; }
    torch::Device device() const override { return m_device; }

    Pending allreduceSum(torch::Tensor& tensor, std::function<void()> onDone) override {
        std::vector<at::Tensor> tensors{tensor};
        auto work = m_backend->allreduce(tensors);
        if (!onDone) return Pending([work] { work->wait(); });
        // A child future, not addCallback: the work's future is marked done before its callbacks
        // run, so only waiting for the child guarantees onDone has run when wait() returns.
        auto done = work->getFuture()->then(
            [onDone = std::move(onDone)](c10::ivalue::Future&) {
                onDone();
                return c10::IValue();
            },
            c10::NoneType::get());
        return Pending([work, done] {
            work->wait();
            done->wait();
        });
    }

    void broadcast(torch::Tensor& tensor, int root) override {
        std::vector<at::Tensor> tensors{tensor};
        c10d::BroadcastOptions options;
        options.rootRank = root;
        m_backend->broadcast(tensors, options)->wait();
    }

    torch::Tensor allgather(const torch::Tensor& row) override {
        std::vector<at::Tensor> input{row.contiguous()};
        std::vector<std::vector<at::Tensor>> output(1);
        for (int r = 0; r < m_world.size; ++r) output[0].push_back(torch::empty_like(input[0]));
        m_backend->allgather(output, input)->wait();
        return torch::stack(output[0]);
    }

    void setKey(const std::string& key, const std::string& value) override {
        m_store->set(key, std::vector<std::uint8_t>(value.begin(), value.end()));
    }
    std::string getKey(const std::string& key) override {
        const auto bytes = m_store->get(key);
        return {bytes.begin(), bytes.end()};
    }
    bool hasKey(const std::string& key) override { return m_store->check({key}); }

private:
    World m_world;
    std::string m_backendName;
    torch::Device m_device;
    c10::intrusive_ptr<c10d::Store> m_store;
    c10::intrusive_ptr<CollectiveBackend> m_backend;
};

}  // namespace

std::unique_ptr<Collectives> Collectives::join(const World& world, const JoinOptions& options,
                                               const std::function<void(int)>& onServing) {
    return std::make_unique<C10dCollectives>(world, options, onServing);
}

}  // namespace bb
