#include "formats/tfevents/tensor_scalar.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>

#include "formats/tfevents/tfrecord_format.h"

namespace bb::tfevents {
namespace {

// IEEE 754 binary16 → float, subnormals, infinities and NaN included.
float halfToFloat(std::uint16_t bits) {
    const float sign = (bits & 0x8000U) != 0 ? -1.0F : 1.0F;
    const unsigned exponent = (bits >> 10) & 0x1FU;
    const unsigned mantissa = bits & 0x3FFU;
    if (exponent == 0) {
        return sign * std::ldexp(static_cast<float>(mantissa), -24);
    }
    if (exponent == 0x1F) {
        return mantissa == 0 ? sign * std::numeric_limits<float>::infinity() : std::numeric_limits<float>::quiet_NaN();
    }
    return sign * std::ldexp(static_cast<float>(mantissa | 0x400U), static_cast<int>(exponent) - 25);
}

// bfloat16 is the upper half of a float.
float bfloat16ToFloat(std::uint16_t bits) {
    return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
}

struct Layout {
    std::size_t bytes;  // size of one element in tensor_content
    double (*fromContent)(std::string_view);
};

template <typename Int>
double integerFromContent(std::string_view bytes) {
    using Unsigned = std::make_unsigned_t<Int>;
    return static_cast<double>(static_cast<Int>(readLittleEndian<Unsigned>(bytes)));
}

double floatFromContent(std::string_view bytes) {
    return std::bit_cast<float>(readLittleEndian<std::uint32_t>(bytes));
}

double doubleFromContent(std::string_view bytes) {
    return std::bit_cast<double>(readLittleEndian<std::uint64_t>(bytes));
}

double halfFromContent(std::string_view bytes) {
    return halfToFloat(readLittleEndian<std::uint16_t>(bytes));
}

double bfloat16FromContent(std::string_view bytes) {
    return bfloat16ToFloat(readLittleEndian<std::uint16_t>(bytes));
}

std::optional<Layout> layoutOf(DataType dtype) {
    switch (dtype) {
    case DT_FLOAT:
        return Layout{4, &floatFromContent};
    case DT_DOUBLE:
        return Layout{8, &doubleFromContent};
    case DT_HALF:
        return Layout{2, &halfFromContent};
    case DT_BFLOAT16:
        return Layout{2, &bfloat16FromContent};
    case DT_INT8:
        return Layout{1, &integerFromContent<std::int8_t>};
    case DT_UINT8:
    case DT_BOOL:
        return Layout{1, &integerFromContent<std::uint8_t>};
    case DT_INT16:
        return Layout{2, &integerFromContent<std::int16_t>};
    case DT_UINT16:
        return Layout{2, &integerFromContent<std::uint16_t>};
    case DT_INT32:
        return Layout{4, &integerFromContent<std::int32_t>};
    case DT_UINT32:
        return Layout{4, &integerFromContent<std::uint32_t>};
    case DT_INT64:
        return Layout{8, &integerFromContent<std::int64_t>};
    case DT_UINT64:
        return Layout{8, &integerFromContent<std::uint64_t>};
    default:
        return std::nullopt;
    }
}

// The first element of the dtype's repeated field; TensorFlow repeats a lone element to fill the
// shape, so one element is enough.
std::optional<double> fromRepeatedField(const TensorProto& tensor) {
    switch (tensor.dtype()) {
    case DT_FLOAT:
        return tensor.float_val_size() > 0 ? std::optional<double>(tensor.float_val(0)) : std::nullopt;
    case DT_DOUBLE:
        return tensor.double_val_size() > 0 ? std::optional<double>(tensor.double_val(0)) : std::nullopt;
    case DT_HALF:
        return tensor.half_val_size() > 0
                   ? std::optional<double>(halfToFloat(static_cast<std::uint16_t>(tensor.half_val(0))))
                   : std::nullopt;
    case DT_BFLOAT16:
        return tensor.half_val_size() > 0
                   ? std::optional<double>(bfloat16ToFloat(static_cast<std::uint16_t>(tensor.half_val(0))))
                   : std::nullopt;
    case DT_INT8:
    case DT_UINT8:
    case DT_INT16:
    case DT_UINT16:
    case DT_INT32:
        return tensor.int_val_size() > 0 ? std::optional<double>(tensor.int_val(0)) : std::nullopt;
    case DT_INT64:
        return tensor.int64_val_size() > 0 ? std::optional<double>(static_cast<double>(tensor.int64_val(0)))
                                           : std::nullopt;
    case DT_UINT32:
        return tensor.uint32_val_size() > 0 ? std::optional<double>(tensor.uint32_val(0)) : std::nullopt;
    case DT_UINT64:
        return tensor.uint64_val_size() > 0 ? std::optional<double>(static_cast<double>(tensor.uint64_val(0)))
                                            : std::nullopt;
    case DT_BOOL:
        return tensor.bool_val_size() > 0 ? std::optional<double>(tensor.bool_val(0) ? 1.0 : 0.0) : std::nullopt;
    default:
        return std::nullopt;
    }
}

}  // namespace

TensorScalar scalarOfTensor(const TensorProto& tensor) {
    for (const TensorShapeProto::Dim& dim : tensor.tensor_shape().dim()) {
        if (dim.size() != 1) {
            return {std::nullopt, "a tensor with a dimension of " + std::to_string(dim.size()) + ", not one value"};
        }
    }
    const std::optional<Layout> layout = layoutOf(tensor.dtype());
    if (!layout) {
        return {std::nullopt,
                "a tensor of dtype " + std::to_string(static_cast<int>(tensor.dtype())) + ", which is not numeric"};
    }
    const std::string& content = tensor.tensor_content();
    if (!content.empty()) {
        if (content.size() != layout->bytes) {
            return {std::nullopt, "tensor_content of " + std::to_string(content.size()) + " bytes, expected " +
                                      std::to_string(layout->bytes)};
        }
        return {layout->fromContent(content), {}};
    }
    if (const std::optional<double> value = fromRepeatedField(tensor)) {
        return {value, {}};
    }
    return {std::nullopt, "a tensor with no value"};
}

}  // namespace bb::tfevents
