// The recent-databases list: kept in QSettings, newest first, shown as a menu.
#pragma once

#include <QObject>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QMenu;
QT_END_NAMESPACE

namespace bb::ui {

class RecentFiles final : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 8;
    RecentFiles(QMenu* menu, QObject* parent = nullptr);

    void add(const QString& file);
    QStringList files() const;

signals:
    void openRequested(const QString& file);

private:
    void rebuildMenu();
    QMenu* m_menu;
};

}  // namespace bb::ui
