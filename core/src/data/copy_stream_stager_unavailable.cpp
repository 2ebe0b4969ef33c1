// A LibTorch without CUDA has no device to copy to. CUDA builds compile
// copy_stream_stager_cuda.cpp instead (core/CMakeLists.txt picks one).
#include <stdexcept>

#include "data/copy_stream_stager.h"

namespace bb {

std::shared_ptr<const BatchStager> makeCopyStreamStager(torch::Device device, std::shared_ptr<TimelineRecorder>) {
    throw std::logic_error("a copy stream to " + device.str() + " needs a LibTorch built with CUDA");
}

}  // namespace bb
