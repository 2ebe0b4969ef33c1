// The longest the UI thread is held while something runs: the gaps between ticks of a 1 ms timer,
// for the benchmarks of the Qt front end.
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>

namespace bb::bench {

// The longest gap between ticks of a 1 ms timer while `body` runs and the loop spins until
// `done`, in milliseconds.
template <typename Body, typename Done>
double longestStallMs(Body&& body, Done&& done) {
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(1);
    QElapsedTimer sinceTick;
    double longest = 0;
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        longest = std::max(longest, static_cast<double>(sinceTick.nsecsElapsed()) / 1e6);
        sinceTick.restart();
    });
    ticker.start();
    sinceTick.start();
    body();
    longest = std::max(longest, static_cast<double>(sinceTick.nsecsElapsed()) / 1e6);
    while (!done()) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    return longest;
}

}  // namespace bb::bench
