#include "widgets/diagnosis_panel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "bridgebench/diagnosis.h"
#include "bridgebench/diagnosis_timeline.h"
#include "bridgebench/run_samples_per_sec.h"
#include "models/note_text.h"

namespace bb::ui {

namespace {

enum Column { Workers, Threads, DeviceTransforms, SamplesPerSec, StepMs, NoteColumn, ColumnCount };
enum RankColumn { Ranks, RankSamplesPerSec, RankCommMs, RankNote, RankColumnCount };

QTableWidgetItem* cell(const QString& text, bool emphasised) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (emphasised) {
        QFont font = item->font();
        font.setBold(true);
        item->setFont(font);
    }
    return item;
}

QString onOff(bool on) { return on ? DiagnosisPanel::tr("on") : DiagnosisPanel::tr("off"); }

QString boundName(const std::string& bound) {
    if (bound == "input-bound") return DiagnosisPanel::tr("input-bound");
    if (bound == "communication-bound") return DiagnosisPanel::tr("communication-bound");
    return DiagnosisPanel::tr("compute-bound");
}

void setUpTable(QTableWidget* table, const QStringList& headers) {
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    // A note narrower than its text wraps onto the lines it needs, not cut after the first.
    table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
}

}  // namespace

DiagnosisPanel::DiagnosisPanel(QWidget* parent)
    : QWidget(parent),
      m_headline(new QLabel),
      m_explanation(new QLabel),
      m_predictions(new QTableWidget(0, ColumnCount)),
      m_rankPredictions(new QTableWidget(0, RankColumnCount)),
      m_notes(new QLabel),
      m_readingNote(new QTimer(this)) {
    // Past what reads as immediate: a run of a few hundred thousand steps takes longer to read.
    m_readingNote->setInterval(150);
    m_readingNote->setSingleShot(true);
    connect(m_readingNote, &QTimer::timeout, this, [this] {
        const QString run = m_readingRun;
        clear(tr("Reading the steps of %1…").arg(run));
        m_reading = true;
    });
    setObjectName("diagnosisPanel");
    QFont bold = m_headline->font();
    bold.setBold(true);
    m_headline->setFont(bold);
    m_explanation->setWordWrap(true);
    m_notes->setWordWrap(true);
    // Compute threads follow the workers (cores - workers) unless the config sets them, and on a
    // busy machine the thread count, not the worker, can be what a faster setting changes.
    setUpTable(m_predictions, {tr("Workers"), tr("Compute threads"), tr("Device transforms"), tr("Predicted samples/s"),
                               tr("Step ms"), QString()});
    setUpTable(m_rankPredictions, {tr("Ranks"), tr("Predicted samples/s"), tr("All-reduce wait ms"), QString()});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addWidget(m_explanation);
    // Side by side: the settings table has room to spare on its right, and the panel sits
    // under the runs list with little height.
    auto* tables = new QHBoxLayout;
    tables->addWidget(m_predictions, 1);
    tables->addWidget(m_rankPredictions, 1);
    layout->addLayout(tables, 1);
    layout->addWidget(m_notes);
    clear(tr("Select one run to see why it runs at its speed."));
}

void DiagnosisPanel::stopReading() {
    m_reading = false;
    m_readingNote->stop();
    setEnabled(true);
}

void DiagnosisPanel::clear(const QString& reason) {
    stopReading();
    m_headline->setText(tr("Diagnosis"));
    m_explanation->setText(reason);
    m_predictions->setRowCount(0);
    m_predictions->hide();
    m_rankPredictions->setRowCount(0);
    m_rankPredictions->hide();
    m_notes->clear();
}

void DiagnosisPanel::showReading(const QString& runName) {
    m_readingRun = runName;
    m_reading = true;
    setEnabled(false);
    m_readingNote->start();
}

void DiagnosisPanel::showError(const QString& message) {
    clear(tr("The steps could not be read: %1").arg(message));
}

void DiagnosisPanel::showRun(const std::optional<RunRecord>& run, const std::vector<StepMetrics>& steps,
                             const TimelineSummary& timeline) {
    stopReading();
    if (!run) {
        clear(tr("Select one run to see why it runs at its speed."));
        return;
    }
    const QString name = QString::fromStdString(run->name);
    if (steps.empty() || !canDiagnose(steps)) {
        clear(tr("%1 has no step-time breakdown (wall-clock times only), so it cannot be diagnosed.").arg(name));
        return;
    }
    Diagnosis diagnosis = diagnose(profileRun(*run, steps));
    addTimelineEvidence(diagnosis, timeline);
    const auto& profile = diagnosis.profile;
    m_headline->setText(tr("%1: %2").arg(name, boundName(diagnosis.bound)));
    // On a GPU the compute threads do not change the step: neither the text nor the table names them.
    QString explanation =
        profile.cpuDevice
            ? tr("A batch takes %1 ms to load and %2 ms to compute; steps wait %3% of their time for data. "
                 "Recommended: workers %4, compute threads %5, device transforms %6 (predicted %7 samples/s).")
                  .arg(profile.loadMs, 0, 'f', 1)
                  .arg(profile.computeMs + profile.deviceTransformMs, 0, 'f', 1)
                  .arg(diagnosis.dataWaitShare * 100, 0, 'f', 0)
                  .arg(diagnosis.recommended.workers)
                  .arg(diagnosis.recommended.threads)
                  .arg(onOff(diagnosis.recommended.deviceTransforms))
                  .arg(diagnosis.recommended.samplesPerSec, 0, 'f', 1)
            : tr("A batch takes %1 ms to load and %2 ms to compute; steps wait %3% of their time for data. "
                 "Recommended: workers %4, device transforms %5 (predicted %6 samples/s).")
                  .arg(profile.loadMs, 0, 'f', 1)
                  .arg(profile.computeMs + profile.deviceTransformMs, 0, 'f', 1)
                  .arg(diagnosis.dataWaitShare * 100, 0, 'f', 0)
                  .arg(diagnosis.recommended.workers)
                  .arg(onOff(diagnosis.recommended.deviceTransforms))
                  .arg(diagnosis.recommended.samplesPerSec, 0, 'f', 1);
    m_predictions->setColumnHidden(Threads, !profile.cpuDevice);
    // Where the run's own setting measured well under its prediction, the headline says why
    // before the figures are read as what to expect.
    if (diagnosis.predictionsAreUpperBounds) {
        const auto own = std::find_if(diagnosis.predictions.begin(), diagnosis.predictions.end(),
                                      [](const auto& prediction) { return prediction.isMeasuredSetting; });
        m_headline->setText(tr("%1: %2 (predictions are upper bounds)").arg(name, boundName(diagnosis.bound)));
        explanation += QLatin1Char(' ') +
                       tr("This run's setting measured %1 samples/s and is predicted at %2: the predictions are "
                          "upper bounds, each part at the cost the probe timed alone after the run (warm, nothing "
                          "beside it), which the steps did not get. They rank the settings; a setting may not reach "
                          "its figure.")
                           .arg(diagnosis.measuredSamplesPerSec, 0, 'f', 1)
                           .arg(own != diagnosis.predictions.end() ? own->samplesPerSec : 0.0, 0, 'f', 1);
    }
    if (profile.worldSize > 1) {
        explanation += QLatin1Char(' ') +
                       tr("Data parallel over %1 ranks: steps wait %2% of their time (%3 ms) for the gradient "
                          "all-reduce that backward did not hide.")
                           .arg(profile.worldSize)
                           .arg(diagnosis.commShare * 100, 0, 'f', 0)
                           .arg(profile.commMs, 0, 'f', 1);
        if (profile.allreduceFullMs > 0)
            explanation += QLatin1Char(' ') + tr("One all-reduce of the whole gradient took %1 ms after the run.")
                                                  .arg(profile.allreduceFullMs, 0, 'f', 1);
    }
    // A straggler rank is said where the eye is: every all-reduce of the run waited for it.
    if (diagnosis.stragglerRank)
        m_headline->setText(m_headline->text() + QLatin1Char(' ') +
                            tr("(rank %1 is a straggler)").arg(*diagnosis.stragglerRank));
    m_explanation->setText(explanation);

    // A stored figure this build could not read is left out of the summary: no figure, not 0.0.
    std::optional<double> measured;
    if (const double samplesPerSec = runSamplesPerSec(*run); samplesPerSec > 0) measured = samplesPerSec;
    m_predictions->setRowCount(static_cast<int>(diagnosis.predictions.size()));
    int row = 0;
    for (const auto& prediction : diagnosis.predictions) {
        const bool recommended = prediction.workers == diagnosis.recommended.workers &&
                                 prediction.deviceTransforms == diagnosis.recommended.deviceTransforms;
        QString note;
        if (prediction.isMeasuredSetting)
            note = measured ? tr("this run's setting (measured %1)").arg(*measured, 0, 'f', 1) : tr("this run's setting");
        if (recommended) note = note.isEmpty() ? tr("recommended") : note + QStringLiteral(", ") + tr("recommended");
        m_predictions->setItem(row, Workers, cell(QString::number(prediction.workers), recommended));
        m_predictions->setItem(row, Threads, cell(QString::number(prediction.threads), recommended));
        m_predictions->setItem(row, DeviceTransforms, cell(onOff(prediction.deviceTransforms), recommended));
        m_predictions->setItem(row, SamplesPerSec, cell(QString::number(prediction.samplesPerSec, 'f', 1), recommended));
        m_predictions->setItem(row, StepMs, cell(QString::number(prediction.stepMs, 'f', 1), recommended));
        m_predictions->setItem(row, NoteColumn, cell(note, recommended));
        ++row;
    }
    m_predictions->resizeColumnsToContents();
    m_predictions->show();
    showRankPredictions(diagnosis, measured);

    // What the predictions rest on: core's sentences, said in the window's language.
    QStringList notes;
    for (const auto& evidence : diagnosis.evidence) notes << tr("Timeline: %1").arg(noteText(evidence));
    for (const auto& warning : diagnosis.warnings) notes << tr("Warning: %1").arg(noteText(warning));
    for (const auto& assumption : diagnosis.assumptions)
        notes << tr("Assumes: %1").arg(noteText(assumption));
    m_notes->setText(notes.join(QLatin1Char('\n')));
}

void DiagnosisPanel::showRankPredictions(const Diagnosis& diagnosis, std::optional<double> measuredSamplesPerSec) {
    m_rankPredictions->setRowCount(static_cast<int>(diagnosis.rankPredictions.size()));
    m_rankPredictions->setVisible(!diagnosis.rankPredictions.empty());
    int row = 0;
    for (const auto& prediction : diagnosis.rankPredictions) {
        const bool measured = prediction.isMeasuredSetting;
        m_rankPredictions->setItem(row, Ranks, cell(QString::number(prediction.ranks), measured));
        m_rankPredictions->setItem(row, RankSamplesPerSec, cell(QString::number(prediction.samplesPerSec, 'f', 1), measured));
        m_rankPredictions->setItem(row, RankCommMs, cell(QString::number(prediction.commMs, 'f', 1), measured));
        m_rankPredictions->setItem(
            row, RankNote,
            cell(!measured               ? QString()
                 : measuredSamplesPerSec ? tr("this run (measured %1)").arg(*measuredSamplesPerSec, 0, 'f', 1)
                                         : tr("this run"),
                 measured));
        ++row;
    }
    m_rankPredictions->resizeColumnsToContents();
    // Beside the settings table, whose notes are the longer, it takes no more than its columns
    // need: at half of a 1280 px window's each, the settings' "this run's setting (measured …)"
    // was cut while this table had room to spare.
    int width = 2 * m_rankPredictions->frameWidth();
    const QAbstractItemView* view = m_rankPredictions;  // QTableView hides its public sizeHintForColumn
    for (int column = 0; column < RankColumnCount; ++column)
        width += std::max(view->sizeHintForColumn(column),
                          m_rankPredictions->horizontalHeader()->sectionSizeHint(column));
    m_rankPredictions->setMaximumWidth(width);
}

}  // namespace bb::ui
