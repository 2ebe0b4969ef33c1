// Kept with the config rather than the model factory: validation needs the names, not the models.
#include "bridgebench/bridgetower_config.h"
#include "bridgebench/run_config.h"

namespace bb {

const std::vector<std::string>& modelPresetNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all{"mini-clip"};
        for (const auto& name : bridgeTowerPresetNames()) all.push_back(name);
        return all;
    }();
    return names;
}

}  // namespace bb
