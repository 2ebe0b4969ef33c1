// A run's timeline as a Gantt of tracks (bridgebench/timeline.h): a row per track and rank
// (main thread, worker N, all-reduce, ...), each span a bar coloured as the breakdown chart's
// phases, nested spans (a sample's decode inside its batch) in the lower part of their row.
// A stored run's profiled ops (profile_steps, bridgebench/op_profile.h) have rows of their own
// under their rank's, one per CPU thread or CUDA stream ("ops: cpu thread 1"), as the trace
// export places them, the ops nested in the same way and in greens that no phase uses.
// Painted directly, not through Qt Charts: a view of 10,000 spans redraws in a few
// milliseconds because spans narrower than a pixel share it (bench/chart_timeline_bench).
//
// Mouse: the wheel zooms around the pointer, dragging pans, hovering names a span (its step and
// duration); keys: + and - zoom, left and right pan, Home shows everything recorded. A live run
// follows its newest step until the user zooms or pans.
//
// The step the view is on (shownStep, shownStepChanged): the one showStep went to, until the
// view moves; then the recorded step of rank 0's training thread under the view's centre, or,
// where the centre falls between recorded steps, the one nearest to it.
#pragma once

#include <QColor>
#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include "bridgebench/op_profile.h"
#include "bridgebench/timeline.h"

namespace bb::ui {

class TimelineView final : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    void clear();
    // A live run's spans as they arrive; the view follows the newest step unless the user moved it.
    void appendSpans(const std::vector<TimelineSpan>& spans);
    // A stored run's spans and the ops of its profiled steps; shows its first recorded steps.
    void setSpans(const std::vector<TimelineSpan>& spans, const std::vector<OpEvent>& ops = {});
    // Zooms to a step of rank 0's training thread and its neighbours, or, where that step was
    // not recorded (sampled), to the nearest one that was. Returns the step shown.
    std::optional<std::int64_t> showStep(std::int64_t step);
    // Shows everything recorded.
    void showAll();
    // The step the view is on (see above); none while nothing is recorded.
    std::optional<std::int64_t> shownStep() const { return m_shownStep; }

    std::int64_t spanCount() const { return m_spanCount; }
    std::int64_t opCount() const { return m_opCount; }
    QStringList trackLabels() const;
    std::pair<std::int64_t, std::int64_t> visibleRangeNs() const { return {m_viewBegin, m_viewEnd}; }
    bool following() const { return m_follow; }
    // What the tooltip says at `position` (widget coordinates); empty where no span is.
    QString describeAt(const QPoint& position) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // Whenever the step the view is on changes: by zoom, pan, Home, showStep or following a live run.
    void shownStepChanged(qint64 step);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Item {
        std::int64_t begin = 0;
        std::int64_t end = 0;
        std::int64_t step = 0;
        std::int32_t name = -1;  // an op's, in m_opNames; -1 for a span
        SpanKind kind = SpanKind::DataWait;
        std::int8_t depth = 0;  // how many items of its track it lies inside
    };
    // Rows sort by rank, then this: a span track's code, an op track's after them all.
    using TrackKey = std::tuple<int, int, int>;
    struct Track {
        int rank = 0;
        TimelineTrack track = TimelineTrack::Main;
        std::optional<OpDevice> ops;  // an op track's device; none for a span track
        int lane = 0;
        QString label;
        std::vector<Item> items;  // by start
        std::int64_t longestNs = 0;
        int depths = 1;
    };
    // Where a recorded step of rank 0's training thread lies, from its first span's start to its
    // last span's end.
    struct StepExtent {
        std::int64_t step = 0;
        std::int64_t begin = 0;
        std::int64_t end = 0;
    };
    struct Hit {
        const Track* track = nullptr;
        const Item* item = nullptr;
    };

    void add(const std::vector<TimelineSpan>& spans);
    void addOps(const std::vector<OpEvent>& ops);
    // Merges `items` into the track of `key` (made where there is none) and nests them.
    void merge(const TrackKey& key, std::vector<Item>& items);
    void extendTime(std::int64_t begin, std::int64_t end);
    QString itemText(const Track& track, const Item& item) const;
    QColor itemColour(const Track& track, const Item& item) const;
    void layoutTracks();
    QString trackLabel(const Track& track) const;
    int gutterWidth() const;
    int rowHeight() const;
    // A band of text height for each level of nesting.
    int trackHeight(const Track& track) const;
    int bandHeight() const;
    int axisHeight() const;
    double xOf(std::int64_t ns) const;
    std::int64_t nsAt(double x) const;
    void setView(std::int64_t begin, std::int64_t end, bool byUser, std::optional<std::int64_t> step = std::nullopt);
    // After every change of the view: repaints and says which step it is on now (`step`, or the one
    // under the centre).
    void viewMoved(std::optional<std::int64_t> step = std::nullopt);
    void noteStep(std::int64_t step, std::int64_t begin, std::int64_t end);
    std::optional<std::int64_t> stepNearest(std::int64_t ns) const;
    void zoom(double factor, double anchorX, bool byUser);
    void followNewest();
    std::optional<Hit> hitAt(const QPoint& position) const;
    void paintAxis(QPainter& painter) const;
    void paintTrack(QPainter& painter, const Track& track, int top) const;

    std::vector<Track> m_tracks;  // by rank, track, lane
    std::vector<StepExtent> m_steps;  // by step; steps follow one another in time
    std::optional<std::int64_t> m_shownStep;
    std::int64_t m_spanCount = 0;
    std::int64_t m_opCount = 0;
    QStringList m_opNames;
    std::vector<QColor> m_opColours;  // by name, as m_opNames
    std::int64_t m_firstNs = 0;
    std::int64_t m_lastNs = 0;
    std::int64_t m_newestStep = -1;
    std::int64_t m_viewBegin = 0;
    std::int64_t m_viewEnd = 1;
    bool m_follow = true;
    int m_gutter = 0;  // the label column's width, measured when the tracks change
    bool m_severalRanks = false;
    std::optional<QPoint> m_dragFrom;
    std::int64_t m_dragViewBegin = 0;
};

}  // namespace bb::ui
