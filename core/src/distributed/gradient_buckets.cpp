#include "distributed/gradient_buckets.h"

namespace bb {

std::vector<std::size_t> reverseRegistrationOrder(std::size_t count) {
    std::vector<std::size_t> reversed(count);
    for (std::size_t k = 0; k < count; ++k) reversed[k] = count - 1 - k;
    return reversed;
}

std::vector<GradientBucket> planGradientBuckets(const std::vector<torch::Tensor>& parameters,
                                                std::int64_t capBytes) {
    return planGradientBuckets(parameters, capBytes, reverseRegistrationOrder(parameters.size()));
}

std::vector<GradientBucket> planGradientBuckets(const std::vector<torch::Tensor>& parameters,
                                                std::int64_t capBytes, const std::vector<std::size_t>& order) {
    std::vector<GradientBucket> buckets;
    // One open bucket per (dtype, device): mixed-precision parameter sets never share a buffer.
    struct Open {
        torch::ScalarType dtype;
        torch::Device device;
        std::size_t bucket;
    };
    std::vector<Open> open;
    for (const std::size_t k : order) {
        const torch::Tensor& parameter = parameters[k];
        const auto dtype = parameter.scalar_type();
        const auto device = parameter.device();
        auto it = std::find_if(open.begin(), open.end(),
                               [&](const Open& o) { return o.dtype == dtype && o.device == device; });
        if (it == open.end()) {
            buckets.push_back({});
            buckets.back().dtype = dtype;
            open.push_back({dtype, device, buckets.size() - 1});
            it = std::prev(open.end());
        }
        GradientBucket* bucket = &buckets[it->bucket];
        const std::int64_t bytes = parameter.numel() * static_cast<std::int64_t>(parameter.element_size());
        const std::int64_t filled = bucket->numel * static_cast<std::int64_t>(parameter.element_size());
        if (!bucket->parameters.empty() && filled + bytes > capBytes) {
            buckets.push_back({});
            buckets.back().dtype = dtype;
            it->bucket = buckets.size() - 1;
            bucket = &buckets.back();
        }
        bucket->parameters.push_back(k);
        bucket->offsets.push_back(bucket->numel);
        bucket->numel += parameter.numel();
    }
    return buckets;
}

}  // namespace bb
