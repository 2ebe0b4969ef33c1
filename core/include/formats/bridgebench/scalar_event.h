// One value of a scalar time series, as TensorBoard event files hold them.
#pragma once

#include <cstdint>
#include <string>

namespace bb {

struct ScalarEvent {
    std::string tag;        // "train/loss", "train/learning_rate", …
    std::int64_t step = 0;  // the writer's global step
    double wallTime = 0.0;  // seconds since the Unix epoch, when the value was logged
    double value = 0.0;

    friend bool operator==(const ScalarEvent&, const ScalarEvent&) = default;
};

}  // namespace bb
