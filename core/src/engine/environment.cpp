#include "engine/environment.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <thread>

#include "bridgebench/build_info.h"
#include "engine/gpu_info.h"

extern "C" int openblas_get_num_threads(void) __attribute__((weak));
extern "C" char* openblas_get_config(void) __attribute__((weak));

namespace bb {

namespace {

std::string cpuModel() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) return line.substr(colon + 2);
        }
    }
    return "unknown";
}

std::int64_t physicalMemoryBytes() {
    return static_cast<std::int64_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
}

std::string osDescription() {
    std::ifstream in("/etc/os-release");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("PRETTY_NAME=", 0) == 0) {
            auto value = line.substr(12);
            if (value.size() >= 2 && value.front() == '"') value = value.substr(1, value.size() - 2);
            return value;
        }
    }
    utsname names{};
    return uname(&names) == 0 ? std::string(names.sysname) + " " + names.release : "unknown";
}

}  // namespace

nlohmann::json captureEnvironment(const RunConfig& config, int intraOpThreads) {
    const BuildInfo build = buildInfo();
    utsname names{};
    uname(&names);
    nlohmann::json env = {
        {"app_version", build.appVersion},
        {"git_commit", build.gitCommit},
        {"cpu_model", cpuModel()},
        {"logical_cores", std::thread::hardware_concurrency()},
        {"memory_bytes", physicalMemoryBytes()},
        {"os", osDescription()},
        {"kernel", names.release},
        {"compiler", std::string("gcc ") + __VERSION__},
        {"torch_version", build.torchVersion},
        {"torch_cuda", build.torchHasCuda},
        {"opencv_version", build.opencvVersion},
        {"sqlite_version", build.sqliteVersion},
        {"intra_op_threads", intraOpThreads},
        {"blas", openblas_get_config ? std::string("OpenBLAS ") + openblas_get_config() : std::string("unknown")},
        {"blas_threads", openblas_get_num_threads ? openblas_get_num_threads() : 0},
        {"device", config.device},
    };
    const GpuInfo gpus = readNvidiaGpuInfo();
    if (!gpus.names.empty()) env["gpu_names"] = gpus.names;
    if (!gpus.driverVersion.empty()) env["nvidia_driver"] = gpus.driverVersion;
    const torch::Device device(config.device);
    if (device.is_cuda() && torch::cuda::is_available()) {
        env["cuda_device_count"] = torch::cuda::device_count();
        const auto index = static_cast<std::size_t>(std::max<int>(0, device.index()));
        if (index < gpus.names.size()) env["gpu_name"] = gpus.names[index];
    }
    return env;
}

}  // namespace bb
