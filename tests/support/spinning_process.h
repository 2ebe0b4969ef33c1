// Another process keeping one core busy for as long as the object lives: a neighbour that a
// run's own threads (BusyCores) cannot stand in for, since it is not part of the process.
#pragma once

#include <sys/types.h>

namespace bb::test {

class SpinningProcess {
public:
    // `niceness`: the child's nice value, as a background build's (0 leaves the parent's).
    explicit SpinningProcess(int niceness = 0);  // returns once the child runs
    ~SpinningProcess();  // kills and reaps it
    SpinningProcess(const SpinningProcess&) = delete;
    SpinningProcess& operator=(const SpinningProcess&) = delete;

private:
    pid_t m_pid = -1;
};

}  // namespace bb::test
