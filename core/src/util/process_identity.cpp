#include "util/process_identity.h"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <vector>

namespace bb {

namespace {

std::string hostNameOrLocalhost() {
    char buffer[256] = {};
    if (gethostname(buffer, sizeof buffer - 1) != 0) return "localhost";
    return buffer;
}

// Field 22 of /proc/<pid>/stat: start time in clock ticks since boot. The command name
// (field 2) may contain spaces and parentheses, so parse from the last ')'.
std::string startTimeOf(long pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line)) return {};
    const auto close = line.rfind(')');
    if (close == std::string::npos) return {};
    std::istringstream rest(line.substr(close + 2));
    std::string field;
    for (int index = 3; index <= 22 && rest >> field; ++index)
        if (index == 22) return field;
    return {};
}

}  // namespace

std::string currentProcessIdentity() {
    const long pid = static_cast<long>(getpid());
    return hostNameOrLocalhost() + ":" + std::to_string(pid) + ":" + startTimeOf(pid);
}

bool processIdentityAlive(const std::string& identity) {
    const auto last = identity.rfind(':');
    const auto middle = last == std::string::npos ? std::string::npos : identity.rfind(':', last - 1);
    if (middle == std::string::npos) return false;
    if (identity.substr(0, middle) != hostNameOrLocalhost()) return true;
    long pid = 0;
    try {
        pid = std::stol(identity.substr(middle + 1, last - middle - 1));
    } catch (const std::exception&) {
        return false;
    }
    const std::string started = startTimeOf(pid);
    return !started.empty() && started == identity.substr(last + 1);
}

}  // namespace bb
