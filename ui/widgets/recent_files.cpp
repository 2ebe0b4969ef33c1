#include "widgets/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace bb::ui {

namespace {
const char* const kKey = "recentDatabases";
}

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), m_menu(menu) { rebuildMenu(); }

QStringList RecentFiles::files() const { return QSettings().value(kKey).toStringList(); }

void RecentFiles::add(const QString& file) {
    const QString path = QFileInfo(file).absoluteFilePath();
    QStringList list = files();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxFiles) list.removeLast();
    QSettings().setValue(kKey, list);
    rebuildMenu();
}

void RecentFiles::rebuildMenu() {
    m_menu->clear();
    const QStringList list = files();
    for (int index = 0; index < list.size(); ++index) {
        const QString& path = list[index];
        auto* action = m_menu->addAction(QStringLiteral("&%1 %2").arg(index + 1).arg(QDir::toNativeSeparators(path)));
        connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    m_menu->setEnabled(!list.isEmpty());
}

}  // namespace bb::ui
