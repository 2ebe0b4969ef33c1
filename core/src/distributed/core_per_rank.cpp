#include "distributed/core_per_rank.h"

#include <string>

#include "bridgebench/errors.h"

namespace bb {

void checkCorePerRank(const RunConfig& config, const std::optional<World>& world, int cores) {
    if (config.device != "cpu" || world || cores <= 0 || config.devices <= cores) return;
    throw ConfigError("devices", std::to_string(config.devices) + " ranks on cpu would share the " +
                                     std::to_string(cores) + (cores == 1 ? " core" : " cores") +
                                     " this process may run on, each rank a process of its own that waits for "
                                     "the others at every all-reduce: at most " +
                                     std::to_string(cores) + " here");
}

}  // namespace bb
