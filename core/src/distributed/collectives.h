// A joined data-parallel world: c10d's TCPStore for rendezvous and key exchange, and one
// c10d backend (ProcessGroupGloo on CPU, ProcessGroupNCCL on CUDA) for the collectives.
// The header keeps c10d's own headers out of the rest of the engine.
//
// Threads: one thread issues collectives (the training thread); c10d runs them on its own
// threads. Every rank must issue the same collectives in the same order.
// Errors: c10d failures (a peer that died, a timeout) surface as c10::Error from wait() and
// from the blocking calls; callers translate them where the run's context is known.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "distributed/world.h"

namespace bb {

struct JoinOptions {
    std::string backend = "gloo";  // gloo | nccl (resolved: not "auto")
    std::chrono::milliseconds timeout{120'000};
    torch::Device device = torch::kCPU;  // where collective buffers live
};

class Collectives {
public:
    // An asynchronous collective in flight.
    class Pending {
    public:
        Pending() = default;
        explicit Pending(std::function<void()> wait) : m_wait(std::move(wait)) {}
        // Blocks until done; throws c10::Error when the collective failed or timed out.
        void wait() {
            if (m_wait) std::exchange(m_wait, nullptr)();
        }
        bool valid() const { return static_cast<bool>(m_wait); }

    private:
        std::function<void()> m_wait;
    };

    // Blocks until every rank has joined or the timeout passed. Rank 0 serves the store at
    // MASTER_ADDR:MASTER_PORT unless torchrun's agent already does. Throws WorldError for a
    // port that cannot be bound or a store that cannot be reached, naming the address.
    // onServing(port), on rank 0 once its store listens: MASTER_PORT 0 takes a free port,
    // which the local launcher then hands to the ranks it starts.
    static std::unique_ptr<Collectives> join(const World& world, const JoinOptions& options,
                                             const std::function<void(int)>& onServing = {});
    virtual ~Collectives() = default;

    virtual const World& world() const = 0;
    virtual const std::string& backendName() const = 0;
    // Where collective buffers must live (CUDA for nccl).
    virtual torch::Device device() const = 0;
    // Sum across ranks, in place. `onDone`, when given, runs on c10d's thread as the work
    // completes (the timeline's end of a bucket), and before the Pending's wait() returns.
    virtual Pending allreduceSum(torch::Tensor& tensor, std::function<void()> onDone = {}) = 0;
    virtual void broadcast(torch::Tensor& tensor, int root) = 0;
    // Each rank's `row` (same shape everywhere), stacked: [world size, ...row's shape].
    virtual torch::Tensor allgather(const torch::Tensor& row) = 0;

    // The rendezvous store, for small exchanges outside the collectives.
    virtual void setKey(const std::string& key, const std::string& value) = 0;
    // Waits up to the store's timeout for the key.
    virtual std::string getKey(const std::string& key) = 0;
    virtual bool hasKey(const std::string& key) = 0;
};

}  // namespace bb
