// One colour per part of a step, the same in every view: the breakdown chart's lines and the
// timeline's spans.
#pragma once

#include <QColor>

#include "bridgebench/timeline.h"

namespace bb::ui {

inline const QColor kWaitColour(0xe5, 0x73, 0x73);
inline const QColor kCopyColour(0xff, 0xb7, 0x4d);
inline const QColor kDeviceTransformColour(0xff, 0xe0, 0x82);
inline const QColor kForwardColour(0x64, 0xb5, 0xf6);
inline const QColor kBackwardColour(0x4d, 0xb6, 0xac);
inline const QColor kCommColour(0x90, 0xa4, 0xae);
inline const QColor kOptimizerColour(0xba, 0x68, 0xc8);

// The timeline's colour of a span: a step's phases as the breakdown chart draws them; a
// loader's work in the data wait's reds and browns (it is what the training thread waits for);
// idle and the record in greys.
inline QColor spanColour(SpanKind kind) {
    switch (kind) {
        case SpanKind::DataWait: return kWaitColour;
        case SpanKind::HostToDevice: return kCopyColour;
        case SpanKind::Copy: return kCopyColour;
        case SpanKind::DeviceTransform: return kDeviceTransformColour;
        case SpanKind::Forward: return kForwardColour;
        case SpanKind::Backward: return kBackwardColour;
        case SpanKind::AllReduceWait: return kCommColour;
        case SpanKind::Bucket: return kCommColour.darker(120);
        case SpanKind::Optimizer: return kOptimizerColour;
        case SpanKind::Record: return QColor(0xbd, 0xbd, 0xbd);
        case SpanKind::Batch: return QColor(0xff, 0xcd, 0xd2);
        case SpanKind::Read: return QColor(0x8d, 0x6e, 0x63);
        case SpanKind::Decode: return QColor(0xd3, 0x2f, 0x2f);
        case SpanKind::Transform: return QColor(0xf0, 0x62, 0x92);
        case SpanKind::Tokenize: return QColor(0xa1, 0x88, 0x7f);
        case SpanKind::Collate: return QColor(0xff, 0x8a, 0x65);
        case SpanKind::Idle: return QColor(0xee, 0xee, 0xee);
    }
    return Qt::gray;
}

}  // namespace bb::ui
