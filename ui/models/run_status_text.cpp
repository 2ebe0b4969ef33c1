#include "models/run_status_text.h"

#include <QCoreApplication>

namespace bb::ui {

namespace {

// lupdate reads the context from this declaration.
class RunStatusText {
    Q_DECLARE_TR_FUNCTIONS(bb::ui::RunStatusText)

public:
    static QString of(RunStatus status) {
        // In English the stored words themselves, as the table and the CLI always showed them.
        switch (status) {
        case RunStatus::Running: return tr("running");
        case RunStatus::Completed: return tr("completed");
        case RunStatus::Cancelled: return tr("cancelled");
        case RunStatus::Failed: return tr("failed");
        case RunStatus::Interrupted: return tr("interrupted");
        }
        return QString::fromUtf8(toString(status).data());
    }
};

}  // namespace

QString runStatusText(RunStatus status) { return RunStatusText::of(status); }

QString runStatusText(const QString& storedWord) {
    const auto status = runStatusFromString(storedWord.toStdString());
    return status ? runStatusText(*status) : storedWord;
}

}  // namespace bb::ui
