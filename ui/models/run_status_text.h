// A run's status (bridgebench/run_status.h) as the window shows it. Core and the engine's
// signals carry the stored word ("completed"), which the window compares against; this is only
// what a user reads, in the window's language.
#pragma once

#include <QString>

#include "bridgebench/run_status.h"

namespace bb::ui {

QString runStatusText(RunStatus status);
// The stored word, translated; a word this build does not know shows as it is.
QString runStatusText(const QString& storedWord);

}  // namespace bb::ui
