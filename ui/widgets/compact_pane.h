// One pane of a splitter that, while it only says why it has nothing to show (the Runs tab's
// diagnosis with no run selected), takes the height its words need and leaves the rest to the
// other pane; and takes back half the room, or the height the user dragged it to, once told.
#pragma once

#include <QObject>

QT_BEGIN_NAMESPACE
class QSplitter;
QT_END_NAMESPACE

namespace bb::ui {

class CompactPane final : public QObject {
    Q_OBJECT
public:
    // The pane is the widget at `index` (0 or 1) of a vertical splitter of two.
    CompactPane(QSplitter* splitter, int index);

    void setCompact(bool compact);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The height the pane's content asks at its width.
    int contentHeight() const;
    void apply();
    int room() const;
    void setPaneHeight(int height);

    QSplitter* m_splitter;
    int m_index;
    bool m_compact = false;
    bool m_applying = false;
    bool m_userSized = false;  // the user dragged the handle
    int m_userHeight = 0;
};

}  // namespace bb::ui
