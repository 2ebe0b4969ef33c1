// Precompiled for every core translation unit (see core/CMakeLists.txt).
#pragma once
#include <torch/torch.h>
#include <nlohmann/json.hpp>
#include <fmt/format.h>
