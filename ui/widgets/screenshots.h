// Pictures of the main views for the README and release notes, taken from a real window on
// the user's database (scripts/screenshots.sh runs `bridgebench --screenshots DIR` under Xvfb).
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

namespace bb::ui {

class MainWindow;

// Resizes the window, shows the newest local run on the dashboard, and saves one PNG per tab
// (run.png, runs.png, compare.png) into `folder`, which is created when missing. Returns the
// files written; throws nothing: a view that cannot be saved is left out.
QStringList saveScreenshots(MainWindow& window, const QString& folder, QSize size = {1400, 900});

// Starts a run with the run panel's settings and, once half of its steps have been drawn,
// saves live.png (the Run tab mid-run) into `folder` and cancels the run. Returns at once;
// `done` gets the file, or an empty string when the run ended first or the file could not be
// written, on the UI thread.
void saveLiveScreenshot(MainWindow& window, const QString& folder, std::function<void(const QString& file)> done,
                        QSize size = {1400, 900});

}  // namespace bb::ui
