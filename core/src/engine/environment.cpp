#include "engine/environment.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <thread>

#include "bridgebench/build_info.h"
#include "engine/compute_threads.h"
#include "engine/gpu_info.h"
#include "engine/model_factory.h"
#include "engine/tf32.h"
#include "model/adamw_device_kernel.h"
#include "model/adamw_kernel.h"
#include "util/torch_compat.h"

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

std::string hostNameOrEmpty() {
    char name[256] = {};
    return gethostname(name, sizeof name - 1) == 0 ? std::string(name) : std::string();
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

// Other work on the machine skews every figure (measured here: a compile on the two cores slowed
// a 2-thread tiny-model run 20-30x, its compute threads waiting for each other at every matrix
// product while one waited for its core), so each run records how busy the machine was when it
// started.
double loadAverageOneMinute() {
    double loads[1] = {0};
    return getloadavg(loads, 1) == 1 ? loads[0] : -1;
}

// OpenMP's wait policy decides how badly oversubscribed cores hurt; record what was set.
nlohmann::json threadingEnvironment() {
    nlohmann::json vars = nlohmann::json::object();
    for (const char* name : {"OMP_NUM_THREADS", "OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"})
        if (const char* value = std::getenv(name)) vars[name] = value;
    return vars;
}

}  // namespace

nlohmann::json captureEnvironment(const RunConfig& config, int intraOpThreads) {
    const BuildInfo build = buildInfo();
    utsname names{};
    uname(&names);
    nlohmann::json env = {
        {"app_version", build.appVersion},
        {"git_commit", build.gitCommit},
        // With the CPU model and core count, which machine it ran on: a CPU's peak is stored
        // per machine (bridgebench/machine_peak.h).
        {"hostname", hostNameOrEmpty()},
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
        {"blas_threads", planComputeThreads(intraOpThreads).blas},
        {"libtorch_threads", planComputeThreads(intraOpThreads).libtorch},
        {"device", config.device},
        {"tf32", tf32InEffect(config)},
        // The seams whose choice depends on the device and the LibTorch (fused_attention.h,
        // step_timer.h, adamw_kernel.h): what produced this run's figures.
        {"attention", torch::Device(config.device).is_cuda() && compat::hasScaledDotProductAttention()
                          ? "scaled_dot_product_attention" : "eager"},
        {"step_timing", torch::Device(config.device).is_cuda() ? "cuda events" : "host clock"},
        {"host_to_device", hostToDevicePath(config)},
        {"optimizer", describeAdamWKernel(chooseAdamWKernel(config.optimizerKernel, config.device,
                                                            adamwDeviceKernelAvailable()),
                                          config.device)},
        {"load_average_1m", loadAverageOneMinute()},
        {"threading_env", threadingEnvironment()},
    };
    if (!build.sourceTree.empty()) env["source_tree"] = build.sourceTree;
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
