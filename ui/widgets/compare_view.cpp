#include "widgets/compare_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSet>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "adapters/run_store.h"
#include "adapters/step_reader.h"
#include "bridgebench/speedup_figure.h"
#include "bridgebench/study_metric.h"
#include "bridgebench/study_runs.h"
#include "charts/compare_chart.h"
#include "charts/time_series_chart.h"
#include "models/overlay_names.h"
#include "models/table_export.h"
#include "models/warning_colour.h"

namespace bb::ui {

namespace {
enum BaselineData { kNone = 0, kDevice = 1, kRun = 2 };
// The table's columns, in the order of its header.
enum TableColumn { kDeviceColumn, kConfigurationColumn, kValueColumn, kSpeedupColumn, kTflopsColumn, kMfuColumn,
                   kWorkloadColumn, kRunColumn, kSourceColumn };

// What differs in `run`'s workload from `against`'s, worded as the table words it; empty when
// nothing does.
QString workloadDifference(const RunRecord& run, const RunRecord& against) {
    ComparisonBaseline baseline;
    baseline.kind = ComparisonBaseline::Kind::Run;
    baseline.runId = against.id;
    for (const auto& entry : buildComparison({against, run}, CompareMetric::SamplesPerSec, baseline).entries)
        if (entry.runId == run.id && entry.workloadDiffers) return entry.workloadNote;
    return {};
}
}  // namespace

CompareView::CompareView(RunStore& store, QWidget* parent)
    : QWidget(parent),
      m_store(store),
      m_metric(new QComboBox),
      m_baseline(new QComboBox),
      m_reason(new QLabel),
      m_startHere(new QWidget),
      m_chart(new CompareChart),
      m_overlayHolder(new QWidget),
      m_overlayBox(new QVBoxLayout),
      m_overlaySteps(new StepReader(this)),
      m_table(new QStandardItemModel(this)),
      m_tableView(new QTableView),
      m_lower(new QSplitter(Qt::Horizontal)) {
    m_metric->setObjectName("metric");
    m_metric->addItem(tr("Samples/s (all devices)"), static_cast<int>(CompareMetric::SamplesPerSec));
    m_metric->addItem(tr("Samples/s per device"), static_cast<int>(CompareMetric::SamplesPerSecPerDevice));
    m_metric->addItem(tr("Achieved TFLOP/s"), static_cast<int>(CompareMetric::AchievedTflops));
    m_metric->addItem(tr("Achieved TFLOP/s per device"), static_cast<int>(CompareMetric::AchievedTflopsPerDevice));
    m_metric->addItem(tr("MFU (% of device peak)"), static_cast<int>(CompareMetric::Mfu));
    m_metric->setToolTip(tr("Per-device normalisation and achieved TFLOP/s put runs of different size or model on one axis"));
    m_baseline->setObjectName("baseline");
    m_baseline->setToolTip(tr("Speedups are computed against this device (same configuration) or run"));
    auto* study = new QPushButton(tr("Published study"));
    study->setToolTip(tr("Show the figures of the BridgeTower study (Hugging Face, August 2023) and, beside them, the "
                          "reference tables BridgeBench measured"));
    m_chart->setObjectName("compareChart");
    m_tableView->setObjectName("compareTable");
    m_tableView->setModel(m_table);
    m_tableView->verticalHeader()->hide();
    m_tableView->horizontalHeader()->setStretchLastSection(true);
    m_tableView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tableView->setSortingEnabled(true);
    // A name cut by the table's edge reads "8x Gaudi2 · wo…", not two broken lines.
    m_tableView->setWordWrap(false);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Metric")));
    controls->addWidget(m_metric);
    controls->addWidget(new QLabel(tr("Baseline")));
    controls->addWidget(m_baseline, 1);
    controls->addWidget(study);
    m_startHere->setObjectName("startHere");
    auto* startText = new QLabel(tr("These are the published study's figures and the tables BridgeBench measured, "
                                    "not yours. Start here: choose settings on the Run tab and press Run (F5), or "
                                    "import your own logs with File > Import."));
    startText->setObjectName("startHereText");
    startText->setWordWrap(true);
    auto* startRun = new QPushButton(tr("Go to the Run tab"));
    startRun->setObjectName("startHereButton");
    auto* startRow = new QHBoxLayout(m_startHere);
    startRow->setContentsMargins(0, 0, 0, 0);
    startRow->addWidget(startText, 1);
    startRow->addWidget(startRun);
    m_startHere->hide();
    connect(startRun, &QPushButton::clicked, this, &CompareView::startHereRequested);
    m_reason->setObjectName("compareReason");
    m_reason->setWordWrap(true);
    m_reason->hide();
    m_overlayHolder->setLayout(m_overlayBox);
    m_overlayBox->setContentsMargins(0, 0, 0, 0);
    m_lower->addWidget(m_tableView);
    m_lower->addWidget(m_overlayHolder);
    m_lower->setStretchFactor(0, 3);
    m_lower->setStretchFactor(1, 2);
    // Dragged past its minimum, the chart would vanish into the splitter's edge.
    m_lower->setChildrenCollapsible(false);
    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->setObjectName("compareSplitter");
    splitter->addWidget(m_chart);
    splitter->addWidget(m_lower);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    // The size hints alone gave the chart a plot about 120 px high at 800 px, too low for its
    // value axis' title; the table below still shows the study's ten rows.
    m_chart->setMinimumHeight(300);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_startHere);
    layout->addLayout(controls);
    layout->addWidget(m_reason);
    layout->addWidget(splitter, 1);

    connect(m_metric, &QComboBox::currentIndexChanged, this, &CompareView::rebuild);
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &CompareView::rebuild);
    connect(study, &QPushButton::clicked, this, &CompareView::showStudy);
    connect(m_lower, &QSplitter::splitterMoved, this, [this] { m_lowerDragged = true; });
    connect(&m_store, &RunStore::runsChanged, this, [this] { setRuns(m_runIds); });
    connect(m_overlaySteps, &StepReader::stepsRead, this, &CompareView::drawOverlay);
    connect(m_chart, &ChartWidget::pressed, this, [this] { m_overlayActive = false; });
    connect(m_overlaySteps, &StepReader::failed, this, [this](const QString& message) {
        if (m_overlay) m_overlay->setEmptyText(tr("The steps could not be read: %1").arg(message));
    });
}

bool CompareView::isReadingSteps() const { return m_overlaySteps->isReading(); }

QVector<qint64> CompareView::studyRunIds() const {
    QVector<qint64> ids;
    for (const auto& run : studyRuns(m_store.runs())) ids.append(run.id);
    return ids;
}

QString CompareView::reasonText() const { return m_reason->text(); }

void CompareView::compareWithStudy(const QVector<qint64>& runIds) {
    if (runIds.isEmpty()) return;
    const auto study = studyRunIds();
    QVector<qint64> ids = runIds;
    for (const auto id : study)
        if (!ids.contains(id)) ids.append(id);
    m_reasonText.clear();
    setRuns(ids);
    const qint64 baseline = runIds.front();
    for (int index = 0; index < m_baseline->count(); ++index) {
        if (m_baseline->itemData(index).toInt() == kRun && m_baseline->itemData(index, Qt::UserRole + 2).toLongLong() == baseline) {
            setBaselineIndex(index);
            break;
        }
    }
    // Worded from the runs against the study's, whatever the baseline (core's study_metric.h).
    const auto against = study.isEmpty() ? std::nullopt : m_store.run(study.front());
    std::vector<RunRecord> yours;
    for (const auto id : runIds)
        if (const auto run = m_store.run(id)) yours.push_back(*run);
    const auto choice = against ? chooseStudyMetric(yours, *against) : StudyMetricChoice{};
    const QString difference = choice.why == StudyMetricChoice::Why::WorkloadDiffers
                                   ? workloadDifferencesText(choice.differences)
                                   : workloadFieldsText(choice.unknownFields);
    const bool one = runIds.size() == 1;
    setMetric(choice.metric);
    if (choice.why == StudyMetricChoice::Why::WorkloadDiffers) {
        setReason(one ? tr("This run's workload differs from the study's (%1), so runs are compared in achieved "
                                   "TFLOP/s per device, which holds model, batch, text length and device count out; MFU "
                                   "is beside it.")
                                    .arg(difference)
                              : tr("These runs' workload differs from the study's (%1), so runs are compared in "
                                   "achieved TFLOP/s per device, which holds model, batch, text length and device count "
                                   "out; MFU is beside it.")
                                    .arg(difference));
    } else if (choice.why == StudyMetricChoice::Why::WorkloadUnknown) {
        setReason(one ? tr("This run's workload is not known in full (unknown: %1): compared in samples/s.")
                            .arg(difference)
                      : tr("These runs' workload is not known in full (unknown: %1): compared in samples/s.")
                            .arg(difference));
    } else {
        setReason(one ? tr("This run has the study's workload: compared in samples/s.")
                      : tr("These runs have the study's workload: compared in samples/s."));
    }
}

void CompareView::setReason(const QString& text) {
    m_reasonText = text;
    m_reasonMetric = metric();
    m_reasonRuns = m_runIds;
    m_reason->setText(text);
    m_reason->setVisible(!text.isEmpty());
}

void CompareView::showStudy() {
    m_reasonText.clear();
    const auto study = studyRuns(m_store.runs());
    QVector<qint64> ids;
    for (const auto& run : study) ids.append(run.id);
    const auto published = std::find_if(study.rbegin(), study.rend(), [](const auto& run) { return !isMeasuredReference(run); });
    // A table BridgeBench measured on one device stands beside the study's eight: per device
    // where only the device count differs, in TFLOP/s per device where more does.
    QString difference;
    bool onlyDeviceCount = true;
    if (published != study.rend()) {
        for (const auto& run : study) {
            if (!isMeasuredReference(run)) continue;
            const auto differences = workloadDifferences(runWorkload(run), runWorkload(*published));
            const bool deviceCountAlone = std::all_of(differences.begin(), differences.end(), [](const auto& field) {
                return field.field == WorkloadField::DeviceCount;
            });
            // The reason names the table that decided the metric: the first to differ in more than
            // the device count, if any does.
            if (difference.isEmpty() || (onlyDeviceCount && !deviceCountAlone))
                difference = workloadDifference(run, *published);
            onlyDeviceCount = onlyDeviceCount && deviceCountAlone;
        }
    }
    setRuns(ids);
    if (!difference.isEmpty()) {
        setMetric(onlyDeviceCount ? CompareMetric::SamplesPerSecPerDevice : CompareMetric::AchievedTflopsPerDevice);
        setReason(onlyDeviceCount
                              ? tr("The runs BridgeBench measured differ from the study's in device count (%1), so "
                                   "runs are compared in samples/s per device.")
                                    .arg(difference)
                              : tr("The runs BridgeBench measured differ from the study's workload (%1), so runs are "
                                   "compared in achieved TFLOP/s per device; MFU is beside it.")
                                    .arg(difference));
    }
    // As the study reads its table: each device against the last one it lists (the A100), per
    // configuration.
    if (published == study.rend()) return;
    QString category;
    for (const auto& entry : m_comparison.entries)
        if (entry.runId == published->id) category = entry.category;
    for (int index = 0; index < m_baseline->count(); ++index) {
        if (m_baseline->itemData(index).toInt() == kDevice && m_baseline->itemData(index, Qt::UserRole + 2).toString() == category) {
            setBaselineIndex(index);
            break;
        }
    }
}

void CompareView::setRuns(const QVector<qint64>& runIds) {
    m_runIds = runIds;
    m_runs.clear();
    for (const auto id : runIds)
        if (auto run = m_store.run(id)) m_runs.push_back(*run);
    rebuildBaselines();
    rebuildOverlay();
    rebuild();
}

void CompareView::setStartHereVisible(bool visible) { m_startHere->setVisible(visible); }

bool CompareView::isStartHereVisible() const { return !m_startHere->isHidden(); }

void CompareView::showSweep(const QVector<qint64>& runIds) {
    setRuns(runIds);
    setMetric(CompareMetric::SamplesPerSec);
    if (m_runs.empty()) return;
    const auto base = std::find_if(m_runs.begin(), m_runs.end(), [](const RunRecord& run) {
        return run.workers == 0 && run.deviceTransforms == false;
    });
    const qint64 baseId = (base != m_runs.end() ? *base : m_runs.front()).id;
    for (int index = 0; index < m_baseline->count(); ++index)
        if (m_baseline->itemData(index).toInt() == kRun && m_baseline->itemData(index, Qt::UserRole + 2).toLongLong() == baseId)
            m_baseline->setCurrentIndex(index);
}

void CompareView::setMetric(CompareMetric metric) { m_metric->setCurrentIndex(m_metric->findData(static_cast<int>(metric))); }

void CompareView::setBaselineIndex(int index) { m_baseline->setCurrentIndex(index); }

QStringList CompareView::baselineChoices() const {
    QStringList choices;
    for (int index = 0; index < m_baseline->count(); ++index) choices << m_baseline->itemText(index);
    return choices;
}

void CompareView::rebuildBaselines() {
    const QSignalBlocker blocker(m_baseline);
    const QString previous = m_baseline->currentText();
    m_baseline->clear();
    m_baseline->addItem(tr("No baseline"), kNone);
    const Comparison plain = buildComparison(m_runs, CompareMetric::SamplesPerSec, {});
    // Devices in the chart's order, then the runs.
    for (const auto& category : plain.categories) {
        m_baseline->addItem(tr("Device: %1").arg(category), kDevice);
        m_baseline->setItemData(m_baseline->count() - 1, category, Qt::UserRole + 2);
    }
    for (const auto& run : m_runs) {
        m_baseline->addItem(tr("Run: %1").arg(QString::fromStdString(run.name)), kRun);
        m_baseline->setItemData(m_baseline->count() - 1, static_cast<qlonglong>(run.id), Qt::UserRole + 2);
    }
    const int keep = m_baseline->findText(previous);
    m_baseline->setCurrentIndex(keep >= 0 ? keep : 0);
}

ChartWidget* CompareView::activeChart() const {
    if (m_overlayActive && m_overlay && !m_overlayHolder->isHidden()) return m_overlay;
    return m_chart;
}

void CompareView::rebuildOverlay() {
    delete m_overlay;
    m_overlay = new TimeSeriesChart;
    m_overlay->setObjectName("overlayChart");
    connect(m_overlay, &ChartWidget::pressed, this, [this] { m_overlayActive = true; });
    m_overlay->setTitle(tr("samples/s per step"));
    m_overlay->setAxisTitles(tr("step"), tr("samples/s"));
    m_overlayRunIds.clear();
    m_overlayOtherWork = false;
    m_overlayBox->addWidget(m_overlay);
    // The study's figures alone: an empty chart with axes of 0 to 1 took a third of the width
    // from a table whose Workload and Run columns it pushed behind the scroll bar.
    const bool nothing = nothingPerStep();
    m_overlayHolder->setVisible(!nothing);
    if (m_runs.empty() || nothing) {
        m_overlaySteps->cancel();
        m_overlay->setEmptyText(tr("No steps yet"));
        return;
    }
    // Read off this thread: several long runs side by side took a visible pause to read on it
    // (200,000 steps: ~0.5 s). A table BridgeBench measured has steps, published figures none.
    QVector<qint64> ids;
    for (const auto& run : m_runs) ids.append(run.id);
    m_overlay->setEmptyText(tr("Reading the steps…"));
    m_overlaySteps->request(m_store.file(), ids);
}

bool CompareView::nothingPerStep() const {
    return !m_runs.empty() && std::all_of(m_runs.begin(), m_runs.end(), [](const RunRecord& run) {
        return run.summary.headlineOnly;
    });
}

void CompareView::drawOverlay(const QVector<qint64>& runIds, const std::vector<std::vector<StepMetrics>>& steps) {
    if (!m_overlay) return;
    m_overlay->setEmptyText(tr("No steps yet"));
    std::vector<RunRecord> withSteps;
    std::vector<const std::vector<StepMetrics>*> stepsOf;
    for (int index = 0; index < runIds.size(); ++index) {
        const auto& runSteps = steps[static_cast<std::size_t>(index)];
        const auto run = std::find_if(m_runs.begin(), m_runs.end(), [&](const RunRecord& r) { return r.id == runIds[index]; });
        if (runSteps.empty() || run == m_runs.end()) continue;
        withSteps.push_back(*run);
        stepsOf.push_back(&runSteps);
    }
    const QStringList names = overlayNames(withSteps);
    // Samples/s of other work per sample (another model, image or caption size) are no one unit:
    // the lines are drawn, and the title says they are not like for like.
    m_overlayOtherWork = false;
    for (std::size_t index = 1; index < withSteps.size(); ++index)
        for (const auto& difference : workloadDifferences(runWorkload(withSteps[index]), runWorkload(withSteps.front())))
            m_overlayOtherWork = m_overlayOtherWork || changesTheWork(difference.field);
    for (std::size_t index = 0; index < withSteps.size(); ++index) {
        m_overlayRunIds << withSteps[index].id;
        const int track = m_overlay->addLine(names[static_cast<int>(index)]);
        std::vector<QPointF> points;
        points.reserve(stepsOf[index]->size());
        // A step without a throughput (an import's first logged step) is unknown, not 0.
        for (const auto& step : *stepsOf[index])
            if (step.samplesPerSec > 0) points.emplace_back(static_cast<double>(step.step), step.samplesPerSec);
        m_overlay->setPoints(track, std::move(points));
    }
    colourOverlay();
    fitTableWidth();
}

void CompareView::colourOverlay() {
    // A line has its configuration's bar colour when configurations tell the lines apart; else,
    // or where a configuration has no bar, a colour of its own: Qt's theme repeats after five.
    static const QColor kDistinct[] = {{0x1f, 0x77, 0xb4}, {0xff, 0x7f, 0x0e}, {0x2c, 0xa0, 0x2c}, {0xd6, 0x27, 0x28},
                                       {0x94, 0x67, 0xbd}, {0x8c, 0x56, 0x4b}, {0xe3, 0x77, 0xc2}, {0x7f, 0x7f, 0x7f},
                                       {0xbc, 0xbd, 0x22}, {0x17, 0xbe, 0xcf}};
    // The bars' own configurations: two runs of one setting are told apart there by the words of
    // their names that differ ("workers 0 (00:32:44)"), and their lines take those bars' colours.
    QStringList configurations;
    for (const qint64 runId : m_overlayRunIds) {
        const auto entry = std::find_if(m_comparison.entries.begin(), m_comparison.entries.end(),
                                        [runId](const ComparisonEntry& each) { return each.runId == runId; });
        configurations << (entry != m_comparison.entries.end() ? entry->configuration : QString());
    }
    const bool byConfiguration =
        QSet<QString>(configurations.begin(), configurations.end()).size() == configurations.size();
    bool asTheBars = byConfiguration;
    for (int track = 0; track < m_overlay->trackCount(); ++track) {
        QColor colour = byConfiguration ? m_chart->configurationColour(configurations[track]) : QColor();
        if (!colour.isValid()) {
            colour = kDistinct[track % std::size(kDistinct)];
            asTheBars = false;
        }
        m_overlay->setTrackColour(track, colour);
    }
    // Lines coloured as the bars need no legend of their own: the bars' says it, and this chart is
    // too narrow for one ("1x H2…", "workers 2 + device-si…", even "worker…" beside a wide table).
    // Otherwise the names wrap into rows below it: two run names ("quiet" and "tiny b8 w0
    // 2026-12-03 12:47:38") did not fit one row of Qt's legend, which cut the second.
    asTheBars = asTheBars && m_overlay->trackCount() > 0;
    m_overlay->setLegendVisible(!asTheBars);
    if (!asTheBars) m_overlay->wrapLegendInRows();
    // Beside a table wide with run names the whole title would take the room of its MFU column.
    if (m_overlayOtherWork)
        m_overlay->setTitle(tr("† samples/s per step of other work per sample: not like for like"),
                            tr("samples/s per step †"));
    else if (asTheBars)
        m_overlay->setTitle(tr("samples/s per step, coloured as the bars"), tr("samples/s per step"));
    else
        m_overlay->setTitle(tr("samples/s per step"));
    QString tip = asTheBars ? tr("Each line has the colour of its run's bar above") : QString();
    if (m_overlayOtherWork)
        tip = tr("† These runs differ in model, image size or caption length: a sample is not the same work, so "
                 "their samples/s are not like for like.") +
              (tip.isEmpty() ? QString() : QStringLiteral("\n") + tip);
    m_overlay->setToolTip(tip);
    // Beside a table made wide by long run names, the splitter once left this chart 200 px.
    m_overlay->setMinimumWidth(m_overlay->wholeTitleWidth());
}

CompareMetric CompareView::metric() const { return static_cast<CompareMetric>(m_metric->currentData().toInt()); }

std::optional<qint64> CompareView::baselineRunId() const {
    if (m_baseline->currentData().toInt() != kRun) return std::nullopt;
    return m_baseline->currentData(Qt::UserRole + 2).toLongLong();
}

CompareBaseline CompareView::compareBaseline() const {
    CompareBaseline baseline;
    const int kind = m_baseline->currentData().toInt();
    if (kind == kDevice) {
        baseline.kind = CompareBaseline::Kind::Device;
        baseline.group = m_baseline->currentData(Qt::UserRole + 2).toString().toStdString();
    } else if (kind == kRun) {
        baseline.kind = CompareBaseline::Kind::Run;
        baseline.runId = m_baseline->currentData(Qt::UserRole + 2).toLongLong();
    }
    return baseline;
}

void CompareView::rebuild() {
    ComparisonBaseline baseline;
    const int kind = m_baseline->currentData().toInt();
    if (kind == kDevice) {
        baseline.kind = ComparisonBaseline::Kind::Device;
        baseline.category = m_baseline->currentData(Qt::UserRole + 2).toString();
    } else if (kind == kRun) {
        baseline.kind = ComparisonBaseline::Kind::Run;
        baseline.runId = m_baseline->currentData(Qt::UserRole + 2).toLongLong();
    }
    const auto metric = static_cast<CompareMetric>(m_metric->currentData().toInt());
    // The reason for a metric says nothing about another metric or other runs.
    if (m_runIds != m_reasonRuns) m_reasonText.clear();
    const QString reason = metric == m_reasonMetric ? m_reasonText : QString();
    m_reason->setText(reason);
    m_reason->setVisible(!reason.isEmpty());
    m_comparison = buildComparison(m_runs, metric, baseline);
    m_chart->setComparison(m_comparison);
    colourOverlay();

    m_table->clear();
    // The figures come first and the run's name last: Device and Configuration already say what
    // the name does (the study's names are both and a date), and at 1280 px a name column first
    // pushed TFLOP/s and MFU behind the scroll bar.
    m_table->setHorizontalHeaderLabels({tr("Device"), tr("Configuration"), m_comparison.unit, tr("Speedup"),
                                        tr("TFLOP/s per device"), tr("MFU"), tr("Workload"), tr("Run"), tr("Source")});
    for (const auto& entry : m_comparison.entries) {
        QList<QStandardItem*> row;
        row << new QStandardItem(entry.category) << new QStandardItem(entry.configuration);
        // A CPU run's TFLOP/s is a few thousandths: significant digits, not two decimals of zeros.
        const QString valueText = !std::isfinite(entry.value)      ? tr("n/a")
                                  : std::abs(entry.value) >= 1 ? QString::number(entry.value, 'f', 2)
                                                               : QString::number(entry.value, 'g', 3);
        auto* value = new QStandardItem(valueText);
        value->setData(std::isfinite(entry.value) ? entry.value : -1.0, Qt::UserRole);
        // Without a baseline the column says nothing; with one, a missing speedup says why.
        auto* speedup = new QStandardItem(std::isfinite(entry.speedup)  ? QStringLiteral("×%1").arg(QString::fromStdString(speedupFigure(entry.speedup)))
                                          : entry.noSpeedup == NoSpeedup::OtherWork ? tr("no speedup †")
                                          : entry.noSpeedup == NoSpeedup::UnknownWork ? tr("no speedup (workload unknown)")
                                          : entry.speedupNote.isEmpty() ? QString()
                                                                        : tr("n/a"));
        speedup->setToolTip(entry.speedupNote);
        // Exported as plain numbers (models/table_export.h): "×1.23" and "12.3 ‡" are no figures
        // to a spreadsheet.
        const auto plain = [](double number) { return std::isfinite(number) ? QString::number(number, 'g', 6) : QString(); };
        value->setData(plain(entry.value), kExportValueRole);
        speedup->setData(plain(entry.speedup), kExportValueRole);
        auto* tflops = new QStandardItem(std::isfinite(entry.tflopsPerDevice) ? QString::number(entry.tflopsPerDevice, 'g', 3)
                                                                              : tr("n/a"));
        tflops->setData(std::isfinite(entry.tflopsPerDevice) ? entry.tflopsPerDevice : -1.0, Qt::UserRole);
        auto* mfu = new QStandardItem(std::isfinite(entry.mfu) ? QStringLiteral("%1%").arg(entry.mfu * 100, 0, 'f', 1)
                                                               : tr("n/a"));
        mfu->setData(std::isfinite(entry.mfu) ? entry.mfu : -1.0, Qt::UserRole);
        tflops->setData(plain(entry.tflopsPerDevice), kExportValueRole);
        mfu->setData(plain(entry.mfu * 100), kExportValueRole);
        for (auto* item : {value, tflops, mfu}) item->setToolTip(entry.flopsNote);
        // Marked where it is read: a figure other processes bent is not the setting's.
        if (!entry.otherProcesses.isEmpty()) {
            value->setText(value->text() + QStringLiteral(" ‡"));
            value->setData(QStringLiteral("‡"), kExportMarksRole);
            for (auto* item : {value, tflops, mfu}) {
                item->setForeground(warningColour());
                item->setToolTip(tr("‡ %1: its figures may not repeat").arg(entry.otherProcesses) + QStringLiteral("\n\n") +
                                 entry.flopsNote);
            }
        }
        QString workloadText = entry.workloadDiffers ? QStringLiteral("† ") + entry.workloadNote : tr("same");
        if (!entry.workloadHeldOut.isEmpty()) workloadText += QStringLiteral(" ") + tr("(held out: %1)").arg(entry.workloadHeldOut);
        if (!entry.workloadUnknown.isEmpty()) workloadText += QStringLiteral(" ") + tr("(unknown: %1)").arg(entry.workloadUnknown);
        auto* workload = new QStandardItem(workloadText);
        if (entry.workloadDiffers) workload->setData(QStringLiteral("†"), kExportMarksRole);
        workload->setToolTip(workloadText);
        if (entry.workloadDiffers) workload->setForeground(QColor(0xd3, 0x2f, 0x2f));
        auto* name = new QStandardItem(entry.runName);
        name->setToolTip(entry.runName);
        // The study's published figures and the tables BridgeBench measured are different sources.
        auto* source = new QStandardItem(
            entry.published                ? tr("published study")
            : !entry.measuredWith.empty()  ? tr("measured with %1").arg(QString::fromStdString(entry.measuredWith))
            : entry.measuredReference      ? tr("measured by BridgeBench")
                                           : tr("your run"));
        row << value << speedup << tflops << mfu << workload << name << source;
        for (auto* item : row) item->setData(static_cast<qlonglong>(entry.runId), Qt::UserRole + 1);
        m_table->appendRow(row);
    }
    m_table->setHeaderData(kMfuColumn, Qt::Horizontal, tr("MFU %"), kExportValueRole);
    m_tableView->resizeColumnsToContents();
    // The value column already holds TFLOP/s per device or MFU when that is the metric.
    m_tableView->setColumnHidden(kTflopsColumn, metric == CompareMetric::AchievedTflopsPerDevice);
    m_tableView->setColumnHidden(kMfuColumn, metric == CompareMetric::Mfu);
    // Several differences make a long note; it is whole in its tooltip, and the name stays in view.
    constexpr int kWorkloadWidthPx = 240;
    m_tableView->setColumnWidth(kWorkloadColumn, std::min(m_tableView->columnWidth(kWorkloadColumn), kWorkloadWidthPx));
    fitTableWidth();
}

void CompareView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitTableWidth();
}

void CompareView::fitTableWidth() {
    // Without the per-step chart the splitter gives the table the whole width.
    if (m_lowerDragged || m_lower->count() < 2 || m_overlayHolder->isHidden()) return;
    const int total = m_lower->width() - m_lower->handleWidth();
    if (total <= 0) return;
    // The 3:2 stretch left the study's table 590 px of a 1024 px screen and hid MFU behind its
    // scroll bar, beside a chart with nothing to draw. Workload and Run stay to scroll to: their
    // text is long and whole in its tooltip.
    int need = 2 * m_tableView->frameWidth() + m_tableView->verticalScrollBar()->sizeHint().width();
    for (int column = kDeviceColumn; column <= kMfuColumn; ++column)
        if (!m_tableView->isColumnHidden(column)) need += m_tableView->columnWidth(column);
    const int chartMinimum = std::max(m_lower->widget(1)->minimumSizeHint().width(), m_overlay ? m_overlay->minimumWidth() : 0);
    // Where the figures already fit in the stretched share, the chart keeps its share.
    const int stretched = total * 3 / 5;
    const int table = std::clamp(need, std::min(stretched, total - chartMinimum), std::max(0, total - chartMinimum));
    m_lower->setSizes({table, total - table});
}

}  // namespace bb::ui
