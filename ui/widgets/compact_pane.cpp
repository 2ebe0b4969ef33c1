#include "widgets/compact_pane.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLayout>
#include <QSplitter>

#include <algorithm>

namespace bb::ui {

CompactPane::CompactPane(QSplitter* splitter, int index) : QObject(splitter), m_splitter(splitter), m_index(index) {
    // A window resized while compact keeps the pane compact; QSplitter alone would share the
    // change by the stretch factors.
    m_splitter->installEventFilter(this);
    // Where the user drags the handle, the height is theirs: it is the one given back later.
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        if (m_applying) return;
        m_compact = false;
        m_userSized = true;
    });
}

int CompactPane::contentHeight() const {
    QWidget* pane = m_splitter->widget(m_index);
    QLayout* layout = pane->layout();
    if (!layout) return pane->sizeHint().height();
    // Widgets the pane hid or re-worded a moment ago still count until the layout recomputes.
    QCoreApplication::sendPostedEvents(pane, QEvent::LayoutRequest);
    layout->invalidate();
    layout->activate();
    if (layout->hasHeightForWidth() && pane->width() > 0) return layout->totalHeightForWidth(pane->width());
    return layout->totalSizeHint().height();
}

void CompactPane::setCompact(bool compact) {
    if (compact && !m_compact && m_userSized) m_userHeight = m_splitter->sizes().value(m_index);
    const bool wasCompact = m_compact;
    m_compact = compact;
    if (compact)
        apply();
    else if (wasCompact)
        // Half the room (not what it shows now: its content may arrive later, and the pane
        // would move again under the user's pointer), or the height the user chose.
        setPaneHeight(m_userSized ? m_userHeight : room() / 2);
}

int CompactPane::room() const {
    // From the splitter's own geometry, which a resize event has already set, so that the sizes
    // given add up and QSplitter keeps them rather than sharing a difference by stretch factors.
    return std::max(0, m_splitter->contentsRect().height() - m_splitter->handleWidth() * (m_splitter->count() - 1));
}

void CompactPane::setPaneHeight(int height) {
    if (m_splitter->count() != 2) return;
    const int total = room();
    height = std::clamp(height, 0, total);
    QList<int> sizes(2);
    sizes[m_index] = height;
    sizes[1 - m_index] = total - height;
    m_applying = true;
    m_splitter->setSizes(sizes);
    m_applying = false;
}

void CompactPane::apply() { setPaneHeight(contentHeight()); }

bool CompactPane::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_splitter && m_compact && event->type() == QEvent::Resize) apply();
    return QObject::eventFilter(watched, event);
}

}  // namespace bb::ui
