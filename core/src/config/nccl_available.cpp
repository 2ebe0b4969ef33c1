// Whether this build has the NCCL backend, apart from the backend itself: config validation asks,
// and links where c10d's headers are not wanted (the fuzz preset's readers).
#include "config/backend_choice.h"

namespace bb {

bool ncclAvailable() {
#ifdef BB_HAVE_NCCL
    return true;
#else
    return false;
#endif
}

}  // namespace bb
