// "[3, 12]": how error messages of the model code write a shape.
#pragma once

#include <string>

#include <c10/util/ArrayRef.h>

namespace bb {

inline std::string shapeText(c10::IntArrayRef shape) {
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + "]";
}

}  // namespace bb
