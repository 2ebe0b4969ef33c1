// The colour of what should be read before the figures beside it (a busy-machine warning, a
// figure other processes bent): dark amber, legible on light and dark themes' bases alike.
#pragma once

#include <QColor>

namespace bb::ui {

inline QColor warningColour() { return QColor(0xb2, 0x6a, 0x00); }

}  // namespace bb::ui
