#include "support/spinning_process.h"

#include <signal.h>
#include <sys/resource.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>

namespace bb::test {

SpinningProcess::SpinningProcess(int niceness) {
    int ready[2];
    if (pipe(ready) != 0) throw std::runtime_error("SpinningProcess: pipe failed");
    m_pid = fork();
    if (m_pid < 0) throw std::runtime_error("SpinningProcess: fork failed");
    if (m_pid == 0) {
        // Only async-signal-safe calls after fork in a threaded test process; the child dies
        // with the test if the test dies first.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (niceness != 0) (void)!setpriority(PRIO_PROCESS, 0, niceness);
        const char byte = 1;
        (void)!write(ready[1], &byte, 1);
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;
    }
    char byte = 0;
    (void)!read(ready[0], &byte, 1);
    close(ready[0]);
    close(ready[1]);
}

SpinningProcess::~SpinningProcess() {
    kill(m_pid, SIGKILL);
    waitpid(m_pid, nullptr, 0);
}

}  // namespace bb::test
