// The one number a TensorProto of a scalar summary holds, in whichever representation it uses.
#pragma once

#include <optional>
#include <string>

#include "tfevents/tensor.pb.h"

namespace bb::tfevents {

struct TensorScalar {
    std::optional<double> value;
    std::string problem;  // why there is no value, when there is none
};

// A tensor of exactly one element (shape [], [1], [1, 1], …) of a numeric dtype, given as raw
// little-endian `tensor_content` or in the dtype's repeated field.
TensorScalar scalarOfTensor(const TensorProto& tensor);

}  // namespace bb::tfevents
