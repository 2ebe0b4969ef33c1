// The window's store reads its runs off the UI thread (adapters/run_store.h): a test that looks at
// them after opening a database, or after runs were added, lets that read in first. QSignalSpy
// turns the event loop while it waits, as the window's would.
#pragma once

#include <QSignalSpy>
#include <QString>

#include "adapters/run_store.h"

namespace bb::test {

inline bool waitForRuns(ui::RunStore& store, int timeoutMs = 60'000) {
    QSignalSpy changed(&store, &ui::RunStore::runsChanged);
    while (store.isReading())
        if (!changed.wait(timeoutMs)) return false;
    return true;
}

inline bool openAndRead(ui::RunStore& store, const QString& file) { return store.open(file) && waitForRuns(store); }

}  // namespace bb::test
