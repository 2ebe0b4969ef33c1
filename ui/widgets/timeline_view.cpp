#include "widgets/timeline_view.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <string_view>

#include "models/op_colours.h"
#include "models/phase_colours.h"

namespace bb::ui {

namespace {

constexpr int kMaxDepths = 3;
constexpr double kZoomStep = 1.25;
constexpr std::int64_t kMinViewNs = 2'000;  // 2 µs: below that no span is wider than a pixel anyway
constexpr int kFollowSteps = 3;

QString spanKindText(SpanKind kind) {
    switch (kind) {
        case SpanKind::DataWait: return TimelineView::tr("data wait");
        case SpanKind::HostToDevice: return TimelineView::tr("host-to-device copy");
        case SpanKind::DeviceTransform: return TimelineView::tr("device transforms");
        case SpanKind::Forward: return TimelineView::tr("forward");
        case SpanKind::Backward: return TimelineView::tr("backward");
        case SpanKind::AllReduceWait: return TimelineView::tr("all-reduce wait");
        case SpanKind::Optimizer: return TimelineView::tr("optimizer");
        case SpanKind::Record: return TimelineView::tr("record");
        case SpanKind::Batch: return TimelineView::tr("batch");
        case SpanKind::Read: return TimelineView::tr("read");
        case SpanKind::Decode: return TimelineView::tr("decode");
        case SpanKind::Transform: return TimelineView::tr("transform");
        case SpanKind::Tokenize: return TimelineView::tr("tokenize");
        case SpanKind::Collate: return TimelineView::tr("collate");
        case SpanKind::Idle: return TimelineView::tr("idle");
        case SpanKind::Bucket: return TimelineView::tr("bucket");
        case SpanKind::Copy: return TimelineView::tr("copy");
    }
    return {};
}

QString durationText(std::int64_t ns) {
    const double ms = static_cast<double>(ns) / 1e6;
    if (ms >= 1000) return TimelineView::tr("%1 s").arg(ms / 1000, 0, 'g', 4);
    if (ms >= 0.1) return TimelineView::tr("%1 ms").arg(ms, 0, 'g', 3);
    return TimelineView::tr("%1 µs").arg(ms * 1000, 0, 'g', 3);
}

// 1, 2 or 5 times a power of ten, so that about `count` ticks fall in `range`.
std::int64_t niceTickNs(std::int64_t range, int count) {
    const double rough = static_cast<double>(std::max<std::int64_t>(range, 1)) / std::max(count, 1);
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0})
        if (power * factor >= rough) return std::max<std::int64_t>(1, static_cast<std::int64_t>(power * factor));
    return static_cast<std::int64_t>(power * 10);
}

QString tickText(std::int64_t ns, std::int64_t tick) {
    // As many decimals of a millisecond as the tick needs, no more ("12.5 ms", not "12.500000").
    const double ms = static_cast<double>(ns) / 1e6;
    const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(static_cast<double>(tick) / 1e6))), 0, 3);
    return TimelineView::tr("%1 ms").arg(ms, 0, 'f', decimals);
}

}  // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent) {
    setObjectName("timelineView");
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    setToolTip(tr("Where each recorded step's time went. Wheel: zoom; drag: pan; Home: everything"));
}

QSize TimelineView::sizeHint() const { return {800, axisHeight() + 6 * rowHeight()}; }
QSize TimelineView::minimumSizeHint() const { return {300, axisHeight() + 3 * rowHeight()}; }

int TimelineView::rowHeight() const { return fontMetrics().height() * 2; }
int TimelineView::bandHeight() const { return fontMetrics().height() + 4; }
int TimelineView::trackHeight(const Track& track) const {
    return std::max(rowHeight(), track.depths * bandHeight() + 4);
}
int TimelineView::axisHeight() const { return fontMetrics().height() + 10; }

// Read for every span painted: measured once when the tracks or the font change, not per call.
int TimelineView::gutterWidth() const {
    return m_gutter > 0 ? m_gutter : fontMetrics().horizontalAdvance(tr("main thread")) + 16;
}

void TimelineView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange) layoutTracks();
    QWidget::changeEvent(event);
}

void TimelineView::clear() {
    m_tracks.clear();
    m_steps.clear();
    m_shownStep.reset();
    m_spanCount = 0;
    m_opCount = 0;
    m_opNames.clear();
    m_opColours.clear();
    m_firstNs = m_lastNs = 0;
    m_newestStep = -1;
    m_viewBegin = 0;
    m_viewEnd = 1;
    m_follow = true;
    m_severalRanks = false;
    m_gutter = 0;
    update();
}

QString TimelineView::trackLabel(const Track& track) const {
    QString name;
    // As the trace export names them: the profiler's thread number, the CUDA stream.
    if (track.ops) {
        name = *track.ops == OpDevice::Cuda ? tr("ops: cuda stream %1").arg(track.lane) : tr("ops: cpu thread %1").arg(track.lane);
        return m_severalRanks ? tr("rank %1 · %2").arg(track.rank).arg(name) : name;
    }
    switch (track.track) {
        case TimelineTrack::Main: name = tr("main thread"); break;
        case TimelineTrack::Worker: name = tr("worker %1").arg(track.lane + 1); break;
        case TimelineTrack::AllReduce:
            name = track.lane == 0 ? tr("all-reduce") : tr("all-reduce %1").arg(track.lane + 1);
            break;
        case TimelineTrack::Copy: name = tr("copy"); break;
        case TimelineTrack::DeviceDecode: name = tr("nvJPEG"); break;
    }
    return m_severalRanks ? tr("rank %1 · %2").arg(track.rank).arg(name) : name;
}

namespace {
constexpr int opTrackCode(OpDevice device) { return kTimelineTrackCount + static_cast<int>(device); }
}  // namespace

void TimelineView::extendTime(std::int64_t begin, std::int64_t end) {
    if (m_spanCount == 0 && m_opCount == 0) {
        m_firstNs = begin;
        m_lastNs = end;
    }
    m_firstNs = std::min(m_firstNs, begin);
    m_lastNs = std::max(m_lastNs, end);
}

void TimelineView::add(const std::vector<TimelineSpan>& spans) {
    if (spans.empty()) return;
    std::map<TrackKey, std::vector<Item>> incoming;
    for (const TimelineSpan& span : spans) {
        Item item;
        item.begin = span.beginNs;
        item.end = span.endNs;
        item.step = span.step;
        item.kind = span.kind;
        incoming[{span.rank, static_cast<int>(span.track), span.lane}].push_back(item);
        extendTime(span.beginNs, span.endNs);
        if (span.rank == 0 && span.track == TimelineTrack::Main) {
            m_newestStep = std::max(m_newestStep, span.step);
            noteStep(span.step, span.beginNs, span.endNs);
        }
        if (span.rank != 0) m_severalRanks = true;
        ++m_spanCount;
    }
    for (auto& [key, items] : incoming) merge(key, items);
    layoutTracks();
}

void TimelineView::addOps(const std::vector<OpEvent>& ops) {
    if (ops.empty()) return;
    // Each name once: a step of BridgeTower-large is thousands of ops of a few hundred names.
    std::map<std::string_view, std::int32_t> names;
    std::map<TrackKey, std::vector<Item>> incoming;
    for (const OpEvent& op : ops) {
        auto [name, added] = names.try_emplace(op.name, static_cast<std::int32_t>(m_opNames.size()));
        if (added) {
            const bool step = op.name == kProfiledStepName;
            m_opNames << (step ? tr("profiled step") : QString::fromStdString(op.name));
            m_opColours.push_back(step ? kProfiledStepColour : opColour(op.name));
        }
        Item item;
        item.begin = op.beginNs;
        item.end = op.endNs;
        item.step = op.step;
        item.name = name->second;
        incoming[{op.rank, opTrackCode(op.device), static_cast<int>(op.lane)}].push_back(item);
        extendTime(op.beginNs, op.endNs);
        // Profiled steps are steps to go to, after the counted ones.
        if (op.rank == 0 && op.name == kProfiledStepName) noteStep(op.step, op.beginNs, op.endNs);
        if (op.rank != 0) m_severalRanks = true;
        ++m_opCount;
    }
    for (auto& [key, items] : incoming) merge(key, items);
    layoutTracks();
}

void TimelineView::merge(const TrackKey& key, std::vector<Item>& items) {
    const auto keyOf = [](const Track& track) {
        return TrackKey(track.rank, track.ops ? opTrackCode(*track.ops) : static_cast<int>(track.track), track.lane);
    };
    auto at = std::lower_bound(m_tracks.begin(), m_tracks.end(), key,
                               [&](const Track& track, const TrackKey& k) { return keyOf(track) < k; });
    if (at == m_tracks.end() || keyOf(*at) != key) {
        const auto [rank, code, lane] = key;
        Track track;
        track.rank = rank;
        if (code >= kTimelineTrackCount) track.ops = static_cast<OpDevice>(code - kTimelineTrackCount);
        else track.track = static_cast<TimelineTrack>(code);
        track.lane = lane;
        at = m_tracks.insert(at, std::move(track));
    }
    // Outer items first where two start together, so that nesting reads in one pass.
    const auto order = [](const Item& a, const Item& b) { return a.begin < b.begin || (a.begin == b.begin && a.end > b.end); };
    std::sort(items.begin(), items.end(), order);
    // A live run's spans arrive mostly after the ones held: merged and nested from where the
    // first new one lands, not over the whole track, so a tick on the UI thread costs what
    // arrived, not the run's length.
    const Item firstNew = items.front();
    const auto middle = static_cast<std::ptrdiff_t>(at->items.size());
    at->items.insert(at->items.end(), items.begin(), items.end());
    auto from = std::upper_bound(at->items.begin(), at->items.begin() + middle, firstNew, order);
    std::inplace_merge(from, at->items.begin() + middle, at->items.end(), order);
    for (const Item& item : items) at->longestNs = std::max(at->longestNs, item.end - item.begin);
    // The items open where `from` starts lie within the longest item's length before it.
    std::vector<std::int64_t> open;
    if (from != at->items.end()) {
        const auto window = std::lower_bound(at->items.begin(), from, from->begin - at->longestNs,
                                             [](const Item& item, std::int64_t ns) { return item.begin < ns; });
        for (auto it = window; it != from; ++it) {
            while (!open.empty() && open.back() <= it->begin) open.pop_back();
            open.push_back(it->end);
        }
    }
    for (auto it = from; it != at->items.end(); ++it) {
        while (!open.empty() && open.back() <= it->begin) open.pop_back();
        it->depth = static_cast<std::int8_t>(std::min(static_cast<int>(open.size()), kMaxDepths - 1));
        at->depths = std::max(at->depths, it->depth + 1);
        open.push_back(it->end);
    }
}

void TimelineView::layoutTracks() {
    int gutter = fontMetrics().horizontalAdvance(tr("main thread"));
    for (Track& track : m_tracks) {
        track.label = trackLabel(track);
        gutter = std::max(gutter, fontMetrics().horizontalAdvance(track.label));
    }
    m_gutter = gutter + 16;
    int height = axisHeight() + 4;
    for (const Track& track : m_tracks) height += trackHeight(track);
    setMinimumHeight(height);
    updateGeometry();
}

QStringList TimelineView::trackLabels() const {
    QStringList labels;
    for (const Track& track : m_tracks) labels << track.label;
    return labels;
}

void TimelineView::appendSpans(const std::vector<TimelineSpan>& spans) {
    add(spans);
    if (m_follow) followNewest();
    update();
}

void TimelineView::setSpans(const std::vector<TimelineSpan>& spans, const std::vector<OpEvent>& ops) {
    clear();
    add(spans);
    addOps(ops);
    m_follow = false;
    // The first recorded steps: what a step looks like, readable, rather than a whole run's blur.
    if (m_steps.empty() || !showStep(m_steps.front().step + 1)) showAll();
    update();
}

void TimelineView::noteStep(std::int64_t step, std::int64_t begin, std::int64_t end) {
    // A live run's steps arrive in order: a new one goes at the end.
    auto at = !m_steps.empty() && m_steps.back().step < step
                  ? m_steps.end()
                  : std::lower_bound(m_steps.begin(), m_steps.end(), step,
                                     [](const StepExtent& extent, std::int64_t s) { return extent.step < s; });
    if (at == m_steps.end() || at->step != step) {
        m_steps.insert(at, {step, begin, end});
        return;
    }
    at->begin = std::min(at->begin, begin);
    at->end = std::max(at->end, end);
}

std::optional<std::int64_t> TimelineView::stepNearest(std::int64_t ns) const {
    if (m_steps.empty()) return std::nullopt;
    // Steps follow one another in time, so their starts are in order too.
    const auto after = std::partition_point(m_steps.begin(), m_steps.end(),
                                            [ns](const StepExtent& extent) { return extent.begin <= ns; });
    if (after == m_steps.begin()) return after->step;
    const auto before = std::prev(after);
    if (ns <= before->end || after == m_steps.end() || ns - before->end <= after->begin - ns) return before->step;
    return after->step;
}

void TimelineView::showAll() { setView(m_firstNs, std::max(m_lastNs, m_firstNs + kMinViewNs), true); }

std::optional<std::int64_t> TimelineView::showStep(std::int64_t wanted) {
    if (m_steps.empty()) return std::nullopt;
    auto nearest = std::lower_bound(m_steps.begin(), m_steps.end(), wanted,
                                    [](const StepExtent& extent, std::int64_t s) { return extent.step < s; });
    // Of two as near, the earlier.
    if (nearest == m_steps.end() ||
        (nearest != m_steps.begin() && wanted - std::prev(nearest)->step <= nearest->step - wanted))
        nearest = std::prev(nearest);
    const std::int64_t step = nearest->step;
    // The step and one on each side where they were recorded.
    std::int64_t begin = nearest->begin, end = nearest->end;
    if (nearest != m_steps.begin() && std::prev(nearest)->step == step - 1) begin = std::prev(nearest)->begin;
    if (std::next(nearest) != m_steps.end() && std::next(nearest)->step == step + 1) end = std::next(nearest)->end;
    m_follow = false;
    setView(begin, end, true, step);
    return step;
}

void TimelineView::followNewest() {
    std::int64_t begin = -1;
    for (const Track& track : m_tracks) {
        if (track.rank != 0 || track.track != TimelineTrack::Main) continue;
        for (auto it = track.items.rbegin(); it != track.items.rend(); ++it) {
            if (it->step <= m_newestStep - kFollowSteps) break;
            begin = begin < 0 ? it->begin : std::min(begin, it->begin);
        }
    }
    if (begin >= 0) setView(begin, m_lastNs, false);
}

void TimelineView::setView(std::int64_t begin, std::int64_t end, bool byUser, std::optional<std::int64_t> step) {
    if (end - begin < kMinViewNs) {
        const std::int64_t middle = begin + (end - begin) / 2;
        begin = middle - kMinViewNs / 2;
        end = begin + kMinViewNs;
    }
    // A little room on both sides, so that the first and last spans do not touch the edges.
    const std::int64_t margin = byUser ? (end - begin) / 50 : 0;
    m_viewBegin = begin - margin;
    m_viewEnd = end + margin;
    viewMoved(step);
}

void TimelineView::viewMoved(std::optional<std::int64_t> step) {
    update();
    if (!step) step = stepNearest(m_viewBegin + (m_viewEnd - m_viewBegin) / 2);
    if (!step || step == m_shownStep) return;
    m_shownStep = step;
    emit shownStepChanged(*step);
}

double TimelineView::xOf(std::int64_t ns) const {
    const double left = gutterWidth();
    const double span = static_cast<double>(std::max<std::int64_t>(1, m_viewEnd - m_viewBegin));
    return left + static_cast<double>(ns - m_viewBegin) * (width() - left - 4) / span;
}

std::int64_t TimelineView::nsAt(double x) const {
    const double left = gutterWidth();
    const double span = static_cast<double>(m_viewEnd - m_viewBegin);
    return m_viewBegin + static_cast<std::int64_t>((x - left) * span / std::max(1.0, width() - left - 4));
}

void TimelineView::zoom(double factor, double anchorX, bool byUser) {
    const std::int64_t anchor = nsAt(std::max<double>(anchorX, gutterWidth()));
    const double span = static_cast<double>(m_viewEnd - m_viewBegin) * factor;
    const double share = static_cast<double>(anchor - m_viewBegin) / static_cast<double>(m_viewEnd - m_viewBegin);
    const auto begin = anchor - static_cast<std::int64_t>(span * share);
    if (byUser) m_follow = false;
    m_viewBegin = begin;
    m_viewEnd = begin + std::max<std::int64_t>(kMinViewNs, static_cast<std::int64_t>(span));
    viewMoved();
}

void TimelineView::wheelEvent(QWheelEvent* event) {
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0) return;
    zoom(std::pow(kZoomStep, -notches), event->position().x(), true);
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    m_dragFrom = event->position().toPoint();
    m_dragViewBegin = m_viewBegin;
    setCursor(Qt::ClosedHandCursor);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event) {
    if (!m_dragFrom) return;
    // Measured from where the drag started, in the view it started with.
    const double plot = std::max(1.0, width() - gutterWidth() - 4.0);
    const std::int64_t length = m_viewEnd - m_viewBegin;
    const auto moved = static_cast<std::int64_t>((m_dragFrom->x() - event->position().x()) * static_cast<double>(length) / plot);
    m_follow = false;
    m_viewBegin = m_dragViewBegin + moved;
    m_viewEnd = m_viewBegin + length;
    viewMoved();
}

void TimelineView::mouseReleaseEvent(QMouseEvent*) {
    m_dragFrom.reset();
    unsetCursor();
}

void TimelineView::keyPressEvent(QKeyEvent* event) {
    const double centre = (gutterWidth() + width()) / 2.0;
    const std::int64_t tenth = (m_viewEnd - m_viewBegin) / 10;
    switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal: zoom(1 / kZoomStep, centre, true); break;
        case Qt::Key_Minus: zoom(kZoomStep, centre, true); break;
        case Qt::Key_Left:
            m_follow = false;
            setView(m_viewBegin - tenth, m_viewEnd - tenth, false);
            break;
        case Qt::Key_Right:
            m_follow = false;
            setView(m_viewBegin + tenth, m_viewEnd + tenth, false);
            break;
        case Qt::Key_Home:
            m_follow = false;
            showAll();
            break;
        default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

std::optional<TimelineView::Hit> TimelineView::hitAt(const QPoint& position) const {
    if (position.x() < gutterWidth() || position.y() < axisHeight()) return std::nullopt;
    int top = axisHeight();
    const Track* found = nullptr;
    for (const Track& candidate : m_tracks) {
        if (position.y() < top + trackHeight(candidate)) {
            found = &candidate;
            break;
        }
        top += trackHeight(candidate);
    }
    if (!found) return std::nullopt;
    const Track& track = *found;
    // The band pointed at: a nested span is found in its own band, its parent above it.
    const int band = std::clamp((position.y() - top - 2) / bandHeight(), 0, track.depths - 1);
    const std::int64_t at = nsAt(position.x());
    const std::int64_t slack = std::max<std::int64_t>(1, nsAt(position.x() + 2) - at);
    const auto first = std::lower_bound(track.items.begin(), track.items.end(), at - track.longestNs - slack,
                                        [](const Item& item, std::int64_t ns) { return item.begin < ns; });
    const Item* best = nullptr;
    for (auto it = first; it != track.items.end() && it->begin <= at + slack; ++it)
        if (it->begin - slack <= at && at <= it->end + slack && it->depth <= band && (!best || it->depth > best->depth))
            best = &*it;
    if (!best) return std::nullopt;
    return Hit{&track, best};
}

QString TimelineView::itemText(const Track& track, const Item& item) const {
    return track.ops ? m_opNames.value(item.name) : spanKindText(item.kind);
}

QColor TimelineView::itemColour(const Track& track, const Item& item) const {
    return track.ops ? m_opColours[static_cast<std::size_t>(item.name)] : spanColour(item.kind);
}

QString TimelineView::describeAt(const QPoint& position) const {
    const auto hit = hitAt(position);
    if (!hit) return {};
    return tr("%1, step %2: %3\n%4").arg(itemText(*hit->track, *hit->item)).arg(hit->item->step)
        .arg(durationText(hit->item->end - hit->item->begin), hit->track->label);
}

bool TimelineView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = describeAt(help->pos());
        if (text.isEmpty()) QToolTip::showText(help->globalPos(), toolTip(), this);
        else QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void TimelineView::paintAxis(QPainter& painter) const {
    const int left = gutterWidth();
    const std::int64_t tick = niceTickNs(m_viewEnd - m_viewBegin, std::max(2, (width() - left) / 110));
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(left, axisHeight() - 1, width(), axisHeight() - 1);
    const std::int64_t first = (m_viewBegin / tick) * tick + (m_viewBegin > 0 ? tick : 0);
    for (std::int64_t ns = first; ns <= m_viewEnd; ns += tick) {
        const double x = xOf(ns);
        if (x < left) continue;
        painter.setPen(palette().color(QPalette::Midlight));
        painter.drawLine(QPointF(x, axisHeight()), QPointF(x, height()));
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QPointF(x + 3, fontMetrics().ascent() + 3), tickText(ns, tick));
    }
}

void TimelineView::paintTrack(QPainter& painter, const Track& track, int top) const {
    const int left = gutterWidth();
    const int height = trackHeight(track);
    const int band = track.depths > 1 ? bandHeight() : height - 4;
    const double right = width();
    const auto first = std::lower_bound(track.items.begin(), track.items.end(), m_viewBegin - track.longestNs,
                                        [](const Item& item, std::int64_t ns) { return item.begin < ns; });
    // Spans narrower than a pixel share it: each depth's bars are drawn left to right, and one
    // that ends inside what is drawn already adds nothing, so a row costs at most its width.
    double filledTo[kMaxDepths];
    std::fill(std::begin(filledTo), std::end(filledTo), -1.0);
    const QFontMetrics metrics = fontMetrics();
    painter.setClipRect(QRect(left, top, static_cast<int>(right) - left, height));
    for (auto it = first; it != track.items.end() && it->begin <= m_viewEnd; ++it) {
        const Item& item = *it;
        const double x0 = std::max(xOf(item.begin), left - 1.0);
        const double x1 = std::min(xOf(item.end), right + 1.0);
        if (x1 < left) continue;
        double& filled = filledTo[item.depth];
        if (x1 <= filled) continue;
        const double from = std::max(x0, filled);
        const double to = std::max(x1, from + 1.0);
        filled = to;
        // Each level of nesting starts a band lower and runs to the bottom, so a parent shows
        // above its children; its name goes in its own band.
        const double bandTop = top + 2.0 + item.depth * band;
        const QRectF bar(from, bandTop, to - from, top + height - 2.0 - bandTop);
        painter.fillRect(bar, itemColour(track, item));
        if (bar.width() > 24) {
            const QString text = metrics.elidedText(itemText(track, item), Qt::ElideRight, static_cast<int>(bar.width()) - 4);
            if (!text.isEmpty() && text != QStringLiteral("…")) {
                painter.setPen(QColor(0x21, 0x21, 0x21));
                painter.drawText(QRectF(bar.left() + 2, bandTop, bar.width() - 4, band), Qt::AlignVCenter | Qt::AlignLeft, text);
            }
        }
    }
    painter.setClipping(false);
}

void TimelineView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    if (m_tracks.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                         tr("No timeline to show.\nRuns record one unless timeline=off; imported runs and runs stored "
                            "before timelines have none."));
        return;
    }
    paintAxis(painter);
    const int left = gutterWidth();
    int top = axisHeight();
    for (std::size_t k = 0; k < m_tracks.size(); ++k) {
        const Track& track = m_tracks[k];
        const int height = trackHeight(track);
        if (k % 2 == 1) painter.fillRect(QRect(0, top, width(), height), palette().color(QPalette::AlternateBase));
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRect(6, top, left - 10, height), Qt::AlignVCenter | Qt::AlignLeft, track.label);
        paintTrack(painter, track, top);
        top += height;
    }
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(left - 1, axisHeight(), left - 1, top);
}

}  // namespace bb::ui
