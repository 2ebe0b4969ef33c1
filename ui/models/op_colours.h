// The timeline's colours of profiled ops (profile_steps): greens and limes, which no phase of a
// step uses (models/phase_colours.h), so that an op never reads as a phase. An op's shade comes
// from its name, the same in every run, so that neighbouring ops of different names tell apart;
// the profiled step that holds a thread's ops is the palest.
#pragma once

#include <QColor>

#include <array>
#include <functional>
#include <string_view>

namespace bb::ui {

inline const QColor kProfiledStepColour(0xe8, 0xf5, 0xe9);

inline QColor opColour(std::string_view name) {
    static const std::array<QColor, 6> shades = {QColor(0xc5, 0xe1, 0xa5), QColor(0xae, 0xd5, 0x81),
                                                 QColor(0x9c, 0xcc, 0x65), QColor(0xdc, 0xe7, 0x75),
                                                 QColor(0xa5, 0xd6, 0xa7), QColor(0xe6, 0xee, 0x9c)};
    return shades[std::hash<std::string_view>{}(name) % shades.size()];
}

}  // namespace bb::ui
