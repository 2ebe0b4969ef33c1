#include "distributed/autograd_reach.h"

#include <unordered_set>

#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/variable.h>

namespace bb {

std::vector<std::uint8_t> parametersReachedFrom(const torch::Tensor& root, const std::vector<torch::Tensor>& parameters) {
    std::vector<std::uint8_t> reached(parameters.size(), 0);
    if (!root.defined() || !root.grad_fn()) return reached;
    // An explicit stack: a deep model's graph is thousands of nodes long.
    std::unordered_set<const torch::autograd::Node*> seen;
    std::vector<torch::autograd::Node*> stack{root.grad_fn().get()};
    seen.insert(stack.back());
    while (!stack.empty()) {
        torch::autograd::Node* node = stack.back();
        stack.pop_back();
        for (const auto& edge : node->next_edges()) {
            torch::autograd::Node* next = edge.function.get();
            if (next && seen.insert(next).second) stack.push_back(next);
        }
    }
    for (std::size_t k = 0; k < parameters.size(); ++k) {
        // A leaf's accumulator lives only while some graph holds it, so none means unused.
        const auto accumulator = torch::autograd::impl::try_get_grad_accumulator(parameters[k]);
        reached[k] = accumulator && seen.count(accumulator.get()) ? 1 : 0;
    }
    return reached;
}

}  // namespace bb
