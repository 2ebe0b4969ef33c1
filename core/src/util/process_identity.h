// Who owns a running run: enough to tell later whether that process is still alive, even
// after its pid was reused (the start time in /proc/<pid>/stat differs then).
#pragma once

#include <string>

namespace bb {

// "host:pid:starttime" of the calling process.
std::string currentProcessIdentity();

// True when the identity names a process on this host that is still running; an identity
// from another host counts as alive (it cannot be checked from here).
bool processIdentityAlive(const std::string& identity);

}  // namespace bb
