#include "widgets/live_dashboard.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "adapters/engine_bridge.h"
#include "bridgebench/other_processes.h"
#include "charts/time_series_chart.h"
#include "models/note_text.h"
#include "models/run_status_text.h"
#include "models/phase_colours.h"
#include "models/warning_colour.h"
#include "widgets/timeline_view.h"

namespace bb::ui {

namespace {

constexpr std::size_t kEtaWindowSteps = 20;
// One chart is redrawn per tick, so each chart is at most four ticks (400 ms) behind the data
// and no single event-loop pass decimates and paints all four; the progress bar and ETA follow
// at the tick too. The run trains on every core, the UI thread's included: at a 25 ms tick,
// with the bar repainted at every batch, the UI thread took a third of a core on the 2-core
// box and a watched tiny run's mean step was 46% slower than unwatched; at 100 ms, 5% and 3%
// (bench/chart_live_run_bench).
constexpr int kRedrawTickMs = 100;
constexpr double kMiB = 1024.0 * 1024.0;
constexpr int kOthersCpuTrack = 2;
constexpr qint64 kReservedSteps = 1 << 18;

QString formatDuration(double seconds) {
    const auto total = static_cast<qint64>(seconds + 0.5);
    if (total >= 3600) return LiveDashboard::tr("%1 h %2 min").arg(total / 3600).arg((total % 3600) / 60, 2, 10, QChar('0'));
    if (total >= 60) return LiveDashboard::tr("%1 min %2 s").arg(total / 60).arg(total % 60, 2, 10, QChar('0'));
    return LiveDashboard::tr("%1 s").arg(total);
}

}  // namespace

LiveDashboard::LiveDashboard(EngineBridge& engine, QWidget* parent)
    : QWidget(parent),
      m_throughput(new TimeSeriesChart),
      m_breakdown(new TimeSeriesChart),
      m_loss(new TimeSeriesChart),
      m_resources(new TimeSeriesChart),
      m_pages(new QTabWidget),
      m_timeline(new TimelineView),
      m_timelineStep(new QSpinBox),
      m_redraw(new QTimer(this)),
      m_smoothing(new QSlider(Qt::Horizontal)),
      m_smoothingValue(new QLabel),
      m_progress(new QProgressBar),
      m_status(new QLabel),
      m_eta(new QLabel),
      m_warning(new QLabel) {
    m_throughput->setObjectName("throughputChart");
    m_throughput->setTitle(tr("Throughput"));
    // Legend names stay short enough for a quarter of the window; the tooltip has the long ones.
    m_throughput->addLine(tr("per step"), TimeSeriesChart::YAxis::Left, QColor(0x90, 0xca, 0xf9), 1.0);
    m_throughput->addLine(tr("smoothed"), TimeSeriesChart::YAxis::Left, QColor(0x15, 0x65, 0xc0), 2.0);
    m_throughput->setAxisTitles(tr("step"), tr("samples/s"));
    m_throughput->setToolTip(tr("per step: samples/s of each step\nsmoothed: its exponential moving average (the Smoothing slider)"));

    m_breakdown->setObjectName("breakdownChart");
    m_breakdown->setTitle(tr("Step time breakdown"));
    const int wait = m_breakdown->addStackedArea(tr("wait"), -1, kWaitColour);
    const int copy = m_breakdown->addStackedArea(tr("copy"), wait, kCopyColour);
    const int transforms = m_breakdown->addStackedArea(tr("transform"), copy, kDeviceTransformColour);
    const int forward = m_breakdown->addStackedArea(tr("forward"), transforms, kForwardColour);
    const int backward = m_breakdown->addStackedArea(tr("backward"), forward, kBackwardColour);
    // Data parallel: the gradient all-reduce wait that backward did not hide (0 for one process).
    const int comm = m_breakdown->addStackedArea(tr("comm"), backward, kCommColour);
    m_breakdown->addStackedArea(tr("optimizer"), comm, kOptimizerColour);
    m_breakdown->setAxisTitles(tr("step"), tr("ms"));
    m_breakdown->wrapLegendInRows();
    m_breakdown->setToolTip(tr("wait: data wait, the step blocked on the loader\n"
                               "copy: host→device copy of the batch\n"
                               "transform: image transforms on the device (device_transforms)\n"
                               "forward, backward, optimizer: the model's compute\n"
                               "comm: waiting for the gradient all-reduce that backward did not hide (data parallel)"));

    m_loss->setObjectName("lossChart");
    m_loss->setTitle(tr("Loss"));
    m_loss->addLine(tr("loss"), TimeSeriesChart::YAxis::Left, QColor(0xef, 0x6c, 0x00), 1.5);
    m_loss->setAxisTitles(tr("step"), tr("loss"));

    m_resources->setObjectName("resourceChart");
    m_resources->setTitle(tr("CPU and memory"));
    m_resources->addLine(tr("CPU %"), TimeSeriesChart::YAxis::Left, QColor(0x2e, 0x7d, 0x32), 1.5);
    m_resources->addLine(tr("RSS MiB"), TimeSeriesChart::YAxis::Right, QColor(0x6a, 0x1b, 0x9a), 1.5);
    m_resources->addLine(tr("others' CPU %"), TimeSeriesChart::YAxis::Left, QColor(0xe6, 0x51, 0x00), 1.5);
    m_resources->setToolTip(tr("CPU %: CPU time of the process per wall time (100 = one core)\nRSS MiB: resident memory\n"
                               "others' CPU %: CPU time other processes took on the cores this run may use, over "
                               "the latest quarter second; where it rises, the run's threads wait for cores"));
    m_resources->setAxisTitles(tr("step"), tr("CPU % (100 = one core)"), tr("resident memory, MiB"));
    // Three names do not fit one row of a 1024 px screen's chart.
    m_resources->wrapLegendInRows();
    // As the legend names them; the tooltip says what they mean.
    m_resources->setShortValueAxisTitles(tr("CPU %"), tr("RSS MiB"));

    m_smoothing->setObjectName("smoothing");
    m_smoothing->setRange(0, 99);
    m_smoothing->setValue(60);
    m_smoothing->setToolTip(tr("Smoothing of the samples/s line: an exponential moving average, as in TensorBoard"));
    connect(m_smoothing, &QSlider::valueChanged, this, &LiveDashboard::resmooth);
    m_progress->setObjectName("progress");
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    // Until a run starts there is no step count to show (its range 0..1 would read "0 / 1 steps").
    m_progress->setFormat(QString());
    m_status->setObjectName("runStatus");
    m_eta->setObjectName("eta");
    // A two-rank run's figures beside the bar, or a failed run's error, are wider than the Run
    // tab of a 1024 px screen: unwrapped, they widened the window past the screen's edge.
    m_status->setWordWrap(true);
    m_eta->setWordWrap(true);
    m_progress->setMinimumWidth(m_progress->fontMetrics().horizontalAdvance(QStringLiteral("00000 / 00000 steps")) * 5 / 4);
    m_warning->setObjectName("runWarning");
    m_warning->setWordWrap(true);
    // Read before the figures it explains.
    m_warning->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(warningColour().name()));
    m_warning->hide();
    m_eta->hide();

    auto* header = new QHBoxLayout;
    header->addWidget(m_status, 1);
    header->addWidget(new QLabel(tr("Smoothing")));
    header->addWidget(m_smoothing);
    header->addWidget(m_smoothingValue);
    auto* progressRow = new QHBoxLayout;
    // Two thirds to the figures: a two-rank run's take two lines beside the bar at 1024 px.
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_eta, 2);
    auto* grid = new QGridLayout;
    grid->addWidget(m_throughput, 0, 0);
    grid->addWidget(m_breakdown, 0, 1);
    grid->addWidget(m_loss, 1, 0);
    grid->addWidget(m_resources, 1, 1);
    auto* chartsPage = new QWidget;
    chartsPage->setLayout(grid);
    grid->setContentsMargins(0, 0, 0, 0);
    auto* timelinePage = new QWidget;
    auto* timelineBar = new QHBoxLayout;
    auto* hint = new QLabel(tr("Wheel: zoom · drag: pan · +/-, arrows, Home · hover a span for its step and duration"));
    hint->setWordWrap(true);
    timelineBar->addWidget(hint, 1);
    timelineBar->addWidget(new QLabel(tr("Go to step")));
    timelineBar->addWidget(m_timelineStep);
    auto* showAll = new QPushButton(tr("Show all"));
    timelineBar->addWidget(showAll);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_timeline);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* timelineLayout = new QVBoxLayout(timelinePage);
    timelineLayout->setContentsMargins(0, 0, 0, 0);
    timelineLayout->addLayout(timelineBar);
    timelineLayout->addWidget(scroll, 1);
    m_pages->addTab(chartsPage, tr("Charts"));
    m_pages->addTab(timelinePage, tr("Timeline"));
    m_pages->setObjectName("dashboardPages");
    m_timelineStep->setObjectName("timelineStep");
    m_timelineStep->setRange(0, 100'000'000);
    // Only a number entered (Enter, the arrows, leaving the box) moves the view: while "1234" is
    // typed, the view going to step 12 on the way would put the nearest recorded step in the box.
    m_timelineStep->setKeyboardTracking(false);
    m_timelineStep->setToolTip(tr("The step the view is on; enter one to go to it (or the nearest one recorded)"));
    connect(m_timelineStep, qOverload<int>(&QSpinBox::valueChanged), this, [this](int step) { m_timeline->showStep(step); });
    // The box follows the view however it moved; put there, the number does not move the view again.
    connect(m_timeline, &TimelineView::shownStepChanged, this, [this](qint64 step) {
        const QSignalBlocker quiet(m_timelineStep);
        m_timelineStep->setValue(static_cast<int>(step));
    });
    // A click on a step of the throughput chart opens the timeline at that step (or the nearest
    // one recorded).
    connect(m_throughput, &ChartWidget::clickedAt, this, [this](QPointF value) {
        if (m_timeline->showStep(std::llround(value.x()))) m_pages->setCurrentIndex(1);
    });
    connect(showAll, &QPushButton::clicked, m_timeline, &TimelineView::showAll);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addLayout(progressRow);
    layout->addWidget(m_warning);
    layout->addWidget(m_pages, 1);

    connect(&engine, &EngineBridge::runStarted, this, &LiveDashboard::startRun);
    connect(&engine, &EngineBridge::preparationProgress, this, &LiveDashboard::showPreparation);
    connect(&engine, &EngineBridge::runWarning, this, &LiveDashboard::showWarning);
    connect(&engine, &EngineBridge::stepsArrived, this, &LiveDashboard::appendSteps);
    connect(&engine, &EngineBridge::spansArrived, this, &LiveDashboard::appendSpans);
    connect(&engine, &EngineBridge::runFinished, this, &LiveDashboard::finishRun);
    connect(&engine, &EngineBridge::runSummarised, this, &LiveDashboard::showSummary);
    for (auto* chart : {m_throughput, m_breakdown, m_loss, m_resources}) chart->setDeferredRefresh(true);
    m_redraw->setInterval(kRedrawTickMs);
    connect(m_redraw, &QTimer::timeout, this, &LiveDashboard::refreshNextStaleChart);
    m_redraw->start();
    resmooth();
    m_status->setText(tr("No run yet: choose settings and press Run."));
}

QList<ChartWidget*> LiveDashboard::charts() const { return {m_throughput, m_breakdown, m_loss, m_resources}; }

QString LiveDashboard::etaText() const { return m_eta->text(); }

void LiveDashboard::setEtaText(const QString& text) {
    m_eta->setText(text);
    // Hidden when empty, so that the bar of a stored run or one not yet started spans the row.
    m_eta->setHidden(text.isEmpty());
    // The figures change at every tick and could wrap onto a second line and back: a row that
    // grew stays grown until the next run, so that the charts below neither jump nor redraw.
    if (text.isEmpty())
        m_eta->setMinimumHeight(0);
    else if (m_eta->width() > 0)
        m_eta->setMinimumHeight(std::max(m_eta->minimumHeight(), m_eta->heightForWidth(m_eta->width())));
}

QString LiveDashboard::warningText() const { return m_warning->isHidden() ? QString() : m_warning->text(); }

void LiveDashboard::showWarning(const QString& text) {
    const QString line = tr("Warning: %1").arg(text);
    m_warning->setText(m_warning->isHidden() ? line : m_warning->text() + QLatin1Char('\n') + line);
    m_warning->show();
}

double LiveDashboard::smoothingWeight() const { return m_smoothing->value() / 100.0; }

void LiveDashboard::setSmoothingWeight(double weight) { m_smoothing->setValue(static_cast<int>(weight * 100 + 0.5)); }

void LiveDashboard::clear(qint64 totalSteps) {
    m_timeline->clear();
    {
        const QSignalBlocker quiet(m_timelineStep);
        m_timelineStep->setValue(0);
    }
    m_totalSteps = totalSteps;
    m_lastStep = -1;
    m_recentWallMs.clear();
    m_progressDue = false;
    m_smoother = EmaSmoother(smoothingWeight());
    // Room for the whole run up front (a quarter of a million steps at most, ~4 MB a series),
    // so that no later batch of steps pays for growing every series at once.
    const auto expected = static_cast<std::size_t>(std::clamp<qint64>(totalSteps, 0, kReservedSteps));
    m_recorded = {};
    for (auto* chart : {m_throughput, m_breakdown, m_loss, m_resources}) {
        chart->clearPoints();
        chart->reservePoints(expected);
        chart->setEmptyText(tr("No steps yet"));
    }
    m_progress->setRange(0, static_cast<int>(std::max<qint64>(1, totalSteps)));
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v / %m steps"));
    setEtaText(QString());
    m_eta->setToolTip(QString());
    m_warning->clear();
    m_warning->hide();
}

void LiveDashboard::showPreparation(const QString& stage, qint64 done, qint64 total) {
    // The bar shows the preparation until the first step takes it back (updateProgress).
    m_progress->setRange(0, static_cast<int>(std::max<qint64>(0, total)));  // 0..0: busy indicator
    m_progress->setValue(static_cast<int>(done));
    const QString shown = stage == QLatin1String("generating synthetic dataset") ? tr("Generating the synthetic dataset")
                                                                                 : stage;
    m_progress->setFormat(shown + QStringLiteral(" %v / %m"));
}

void LiveDashboard::startRun(qint64 runId, const QString& name, qint64 totalSteps) {
    clear(totalSteps);
    m_status->setText(tr("Run %1 \"%2\"").arg(runId).arg(name));
}

void LiveDashboard::appendSteps(const QVector<bb::StepMetrics>& steps) {
    if (steps.isEmpty()) return;
    QList<QPointF> raw, smoothed, loss, cpu, rss, others;
    std::array<QList<QPointF>, 7> parts;
    for (const auto& step : steps) {
        const double x = static_cast<double>(step.step);
        // A step without a throughput (an import's first logged step has no time before it) is
        // unknown, not 0 samples/s: the smoothed line once climbed from 0.
        if (step.samplesPerSec > 0) {
            raw.append({x, step.samplesPerSec});
            smoothed.append({x, m_smoother.push(step.samplesPerSec)});
        }
        if (m_recorded.breakdown) {
            const double cumulative[7] = {step.dataWaitMs, step.hostToDeviceMs, step.deviceTransformMs, step.forwardMs,
                                          step.backwardMs, step.commMs,         step.optimizerMs};
            double sum = 0;
            for (std::size_t part = 0; part < parts.size(); ++part) {
                sum += cumulative[part];
                parts[part].append({x, sum});
            }
        }
        if (m_recorded.loss) loss.append({x, step.loss});
        if (m_recorded.cpu) cpu.append({x, step.cpuUtilisation * 100.0});
        if (m_recorded.rss) rss.append({x, static_cast<double>(step.rssBytes) / kMiB});
        if (std::isfinite(step.otherCpuCores)) others.append({x, step.otherCpuCores * 100.0});
        m_recentWallMs.push_back(step.wallMs);
    }
    if (m_recentWallMs.size() > kEtaWindowSteps)
        m_recentWallMs.erase(m_recentWallMs.begin(),
                             m_recentWallMs.end() - static_cast<std::ptrdiff_t>(kEtaWindowSteps));
    m_throughput->appendPoints(kRawTrack, raw);
    m_throughput->appendPoints(kSmoothedTrack, smoothed);
    for (std::size_t part = 0; part < parts.size(); ++part) m_breakdown->appendPoints(static_cast<int>(part), parts[part]);
    m_loss->appendPoints(0, loss);
    m_resources->appendPoints(0, cpu);
    m_resources->appendPoints(1, rss);
    m_resources->appendPoints(kOthersCpuTrack, others);
    m_latest = steps.back();
    m_lastStep = steps.back().step;
    m_progressDue = true;
}

void LiveDashboard::updateProgress() {
    m_progressDue = false;
    const qint64 done = m_lastStep + 1;
    m_progress->setRange(0, static_cast<int>(std::max<qint64>(1, m_totalSteps)));
    m_progress->setFormat(tr("%v / %m steps"));
    m_progress->setValue(static_cast<int>(std::min(done, m_totalSteps)));
    if (m_recentWallMs.empty() || m_totalSteps <= 0) return;
    const double meanWallMs = std::accumulate(m_recentWallMs.begin(), m_recentWallMs.end(), 0.0) /
                              static_cast<double>(m_recentWallMs.size());
    const double remainingS = static_cast<double>(std::max<qint64>(0, m_totalSteps - done)) * meanWallMs / 1000.0;
    QString cpu = tr("CPU %1%").arg(m_latest.cpuUtilisation * 100.0, 0, 'f', 0);
    if (std::isfinite(m_latest.otherCpuCores) && m_latest.otherCpuCores >= kOtherProcessesWorthShowingCores)
        cpu += tr(" (others %1%)").arg(m_latest.otherCpuCores * 100.0, 0, 'f', 0);
    setEtaText(tr("ETA %1 · %2 samples/s · %3 · RSS %4 MiB")
                   .arg(formatDuration(remainingS))
                   .arg(m_latest.samplesPerSec, 0, 'f', 1)
                   .arg(cpu)
                   .arg(static_cast<double>(m_latest.rssBytes) / kMiB, 0, 'f', 0));
    if (m_latest.commMs > 0 && m_latest.wallMs > 0)
        setEtaText(m_eta->text() + tr(" · all-reduce wait %1%").arg(100.0 * m_latest.commMs / m_latest.wallMs, 0, 'f', 0));
}

void LiveDashboard::finishRun(qint64 runId, const QString& status, const QString& error) {
    QString text = tr("Run %1 %2").arg(runId).arg(runStatusText(status));
    if (!error.isEmpty()) text += QStringLiteral(": ") + error;
    m_status->setText(text);
    if (m_progressDue) updateProgress();
    const qint64 done = m_lastStep + 1;
    // A cancelled or failed run did not finish: the bar's "207 / 400" and this line agree.
    if (status == QLatin1String("completed"))
        setEtaText(tr("Finished after %1 steps").arg(done));
    else if (done > 0)
        setEtaText(tr("Stopped after %1 of %2 steps").arg(done).arg(m_totalSteps));
    else
        setEtaText(QString());
}

void LiveDashboard::showSummary(qint64 /*runId*/, const bb::RunSummary& summary) {
    // A run that failed before its first step has no figures: "0.0 samples/s" would be one.
    if (summary.steps <= 0) return;
    // Samples over the time, as the Runs and Compare tabs list the run (run_samples_per_sec.h).
    if (!summary.meanSamplesPerSec) return;
    QString text = m_eta->text() + tr(" · %1 samples/s").arg(*summary.meanSamplesPerSec, 0, 'f', 1);
    if (summary.dataWaitShare) text += tr(" · data wait %1%").arg(*summary.dataWaitShare * 100.0, 0, 'f', 0);
    if (summary.commShare) text += tr(" · all-reduce wait %1%").arg(*summary.commShare * 100.0, 0, 'f', 0);
    // Where other processes took enough of the cores to bend the figures, as the Runs table
    // marks them: the user who watched the run learns it here, and why on hovering.
    const auto others = summary.otherCpuCores
                            ? otherProcessesNote(*summary.otherCpuCores, summary.otherCpuCoresP95.value_or(*summary.otherCpuCores), 0)
                            : std::nullopt;
    if (others) text += tr(" · others took %1 cores ‡").arg(*summary.otherCpuCores, 0, 'f', 1);
    setEtaText(text);
    // The same steps as show and the Runs tab count, so the figures agree wherever they are read.
    QString tip;
    if (summary.warmupSteps <= 0)
        tip = tr("Samples/s and data wait over the time of all %1 steps").arg(summary.steps);
    else if (summary.warmupExcluded)
        tip = tr("Samples/s and data wait over the time of steps %1 to %2; the %1 warm-up steps before them are not "
                 "counted")
                  .arg(summary.warmupSteps)
                  .arg(summary.steps - 1);
    else
        tip = tr("Samples/s and data wait over the time of all %1 steps: the run ended before its warm-up steps "
                 "could be left out")
                  .arg(summary.steps);
    if (others) tip += QLatin1Char('\n') + tr("‡ %1: its figures may not repeat").arg(noteText(*others));
    m_eta->setToolTip(tip);
}

void LiveDashboard::appendSpans(const std::vector<bb::TimelineSpan>& spans) { m_timeline->appendSpans(spans); }

void LiveDashboard::showStoredTimeline(const std::vector<bb::TimelineSpan>& spans, const std::vector<bb::OpEvent>& ops) {
    m_pendingTimeline = spans;
    m_pendingOps = ops;
}

void LiveDashboard::showStoredRun(const QString& name, const std::vector<bb::StepMetrics>& steps) {
    clear(static_cast<qint64>(steps.size()));
    // Read with the steps (StepReader), shown with them: clear() emptied the view.
    m_timeline->setSpans(m_pendingTimeline, m_pendingOps);
    m_pendingTimeline.clear();
    m_pendingOps.clear();
    // What the run recorded at any step; what it never did is "not recorded", not a line at 0.
    m_recorded = {};
    m_recorded.cpu = std::any_of(steps.begin(), steps.end(), [](const auto& step) { return step.cpuUtilisation > 0; });
    m_recorded.rss = std::any_of(steps.begin(), steps.end(), [](const auto& step) { return step.rssBytes > 0; });
    m_recorded.loss = std::any_of(steps.begin(), steps.end(), [](const auto& step) { return step.loss != 0; });
    m_recorded.breakdown = std::any_of(steps.begin(), steps.end(), [](const auto& step) {
        return step.dataWaitMs > 0 || step.hostToDeviceMs > 0 || step.deviceTransformMs > 0 || step.forwardMs > 0 ||
               step.backwardMs > 0 || step.commMs > 0 || step.optimizerMs > 0;
    });
    if (!steps.empty()) {
        if (!m_recorded.breakdown) m_breakdown->setEmptyText(tr("Step-time breakdown not recorded for this run"));
        if (!m_recorded.loss) m_loss->setEmptyText(tr("Loss not recorded for this run"));
        if (!m_recorded.cpu && !m_recorded.rss) m_resources->setEmptyText(tr("CPU and memory not recorded for this run"));
    }
    QVector<StepMetrics> batch(steps.begin(), steps.end());
    appendSteps(batch);
    updateProgress();
    m_status->setText(tr("Stored run \"%1\"").arg(name));
    setEtaText(QString());
}

void LiveDashboard::refreshNow() {
    if (m_progressDue) updateProgress();
    for (auto* chart : {m_throughput, m_breakdown, m_loss, m_resources})
        if (chart->isStale()) chart->refresh();
}

void LiveDashboard::refreshNextStaleChart() {
    if (m_progressDue) updateProgress();
    TimeSeriesChart* const charts[] = {m_throughput, m_breakdown, m_loss, m_resources};
    for (int offset = 0; offset < 4; ++offset) {
        const int index = (m_nextChart + offset) % 4;
        if (!charts[index]->isStale()) continue;
        charts[index]->refresh();
        m_nextChart = (index + 1) % 4;
        return;
    }
}

void LiveDashboard::resmooth() {
    const double weight = smoothingWeight();
    m_smoothingValue->setText(QString::number(weight, 'f', 2));
    const auto& raw = m_throughput->points(kRawTrack);
    m_smoother = EmaSmoother(weight);
    std::vector<QPointF> smoothed;
    smoothed.reserve(raw.size());
    for (const auto& point : raw) smoothed.emplace_back(point.x(), m_smoother.push(point.y()));
    m_throughput->setPoints(kSmoothedTrack, std::move(smoothed));
}

}  // namespace bb::ui
