#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QGraphicsView>
#include <QImage>
#include <QPainter>
#include <QSettings>
#include <QSvgRenderer>
#include <QTableView>
#include <QtTest/QTest>
#include <QSet>
#include <QStandardItemModel>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include "adapters/run_store.h"
#include "charts/chart_export.h"
#include "charts/compare_chart.h"
#include "models/table_export.h"
#include "charts/time_series_chart.h"
#include "support/measured_reference.h"
#include "support/numbered_steps.h"
#include "support/stored_cpu_run.h"
#include "support/temp_dir.h"
#include "widgets/compare_view.h"
#include "widgets/export_controller.h"
#include "support/stored_summary.h"
#include "bridgebench/result_store.h"
#include "runs_read.h"

namespace bb::ui {
namespace {

struct StudyFixture {
    test::TempDir dir;
    RunStore store;
    std::unique_ptr<CompareView> view;
    StudyFixture() {
        EXPECT_TRUE(test::openAndRead(store, QString::fromStdString(dir.file("export.db").string())));
        view = std::make_unique<CompareView>(store);
        view->resize(1200, 800);
        view->showStudy();
        // The study's own totals, which a shipped table measured on one device would show per device.
        view->setMetric(CompareMetric::SamplesPerSec);
    }
    QString path(const char* name) const { return QString::fromStdString(dir.file(name).string()); }
};

// RFC 4180 fields of one line (quotes, doubled quotes, commas inside quotes).
QStringList parseCsvLine(const QString& line) {
    QStringList fields;
    QString field;
    bool quoted = false;
    for (int index = 0; index < line.size(); ++index) {
        const QChar c = line[index];
        if (quoted) {
            if (c == '"' && index + 1 < line.size() && line[index + 1] == '"') {
                field += '"';
                ++index;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields << field;
            field.clear();
        } else {
            field += c;
        }
    }
    fields << field;
    return fields;
}

TEST(Export, SvgParsesAndContainsTheSeriesAndLabels) {
    StudyFixture fixture;
    const QString file = fixture.path("study.svg");
    ASSERT_EQ(exportChartSvg(*fixture.view->chart(), file, QSize(1200, 700)), QString());
    QFile svg(file);
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svg);
    QStringList texts;
    bool sawSvgRoot = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QStringLiteral("svg")) sawSvgRoot = true;
        if (xml.isCharacters() && !xml.isWhitespace()) texts << xml.text().toString();
    }
    ASSERT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    EXPECT_TRUE(sawSvgRoot);
    const QString all = texts.join('\n');
    for (const auto& series : fixture.view->chart()->seriesNames()) EXPECT_TRUE(all.contains(series)) << series.toStdString();
    EXPECT_TRUE(all.contains("workers 2 + media pipeline"));
    EXPECT_TRUE(all.contains("847.7"));
    EXPECT_TRUE(all.contains("8× Gaudi2"));
}

TEST(Export, PngHasTheAskedSizeAndDpi) {
    StudyFixture fixture;
    const QString file = fixture.path("study.png");
    ASSERT_EQ(exportChartPng(*fixture.view->chart(), file, QSize(800, 450), 192), QString());
    QImage image(file);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(800, 450));
    EXPECT_NEAR(image.dotsPerMeterX() / 39.3700787, 192.0, 1.0);
    // Not blank: bars, text and grid put several colours in the picture. Three fixed pixels were
    // all background once the chart had sixteen bars.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 5)
        for (int x = 0; x < image.width(); x += 5) colours.insert(image.pixel(x, y));
    EXPECT_GE(colours.size(), 5);
}

TEST(Export, PdfIsWritten) {
    StudyFixture fixture;
    const QString file = fixture.path("study.pdf");
    ASSERT_EQ(exportChartPdf(*fixture.view->chart(), file, QSize(1200, 700)), QString());
    QFile pdf(file);
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdf.read(5).startsWith("%PDF-"));
    EXPECT_GT(pdf.size(), 1000);
}

TEST(Export, CsvParsesBackToTheTable) {
    QStandardItemModel model;
    model.setHorizontalHeaderLabels({"Run", "Value", "Note"});
    model.appendRow({new QStandardItem("plain"), new QStandardItem("847.7"), new QStandardItem("a, b")});
    model.appendRow({new QStandardItem("say \"hi\""), new QStandardItem("1"), new QStandardItem("")});
    const QStringList lines = tableToCsv(model).split("\r\n", Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 3);
    EXPECT_EQ(parseCsvLine(lines[0]), (QStringList{"Run", "Value", "Note"}));
    EXPECT_EQ(parseCsvLine(lines[1]), (QStringList{"plain", "847.7", "a, b"}));
    EXPECT_EQ(parseCsvLine(lines[2]), (QStringList{"say \"hi\"", "1", ""}));
}

TEST(Export, CompareTableToCsvAndMarkdownFiles) {
    StudyFixture fixture;
    const auto* table = fixture.view->tableModel();
    const QString csvFile = fixture.path("compare.csv");
    ASSERT_EQ(writeTextFile(csvFile, tableToCsv(*table)), QString());
    QFile csv(csvFile);
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split("\r\n", Qt::SkipEmptyParts);
    const int runs = 10 + static_cast<int>(test::shippedMeasuredRunCount());  // the August figures and shipped tables
    ASSERT_EQ(lines.size(), 1 + runs);  // and the header
    // The study's rows of another workload carry a †: a Marks column of its own, after the table's.
    ASSERT_EQ(parseCsvLine(lines[0]).last(), "Marks");
    for (const auto& line : lines) EXPECT_EQ(parseCsvLine(line).size(), table->columnCount() + 1);

    const QString markdown = tableToMarkdown(*table);
    const QStringList rows = markdown.split('\n', Qt::SkipEmptyParts);
    ASSERT_EQ(rows.size(), 2 + runs);
    EXPECT_TRUE(rows[1].startsWith("| ---"));
    // Speedups as numbers, without their ×: the baseline's is 1.
    EXPECT_FALSE(markdown.contains("| ×")) << markdown.toStdString();
    EXPECT_TRUE(markdown.contains("| 1 |")) << markdown.toStdString();
}

// Pixels of `a` and `b` (one size) that differ by more than a third of the range in a channel.
double differingShare(const QImage& a, const QImage& b) {
    const QImage left = a.convertToFormat(QImage::Format_RGB32);
    const QImage right = b.convertToFormat(QImage::Format_RGB32);
    if (left.size() != right.size()) return 1.0;
    qint64 differing = 0;
    for (int y = 0; y < left.height(); ++y)
        for (int x = 0; x < left.width(); ++x) {
            const QRgb p = left.pixel(x, y);
            const QRgb q = right.pixel(x, y);
            if (std::abs(qRed(p) - qRed(q)) > 85 || std::abs(qGreen(p) - qGreen(q)) > 85 || std::abs(qBlue(p) - qBlue(q)) > 85)
                ++differing;
        }
    return static_cast<double>(differing) / (static_cast<double>(left.width()) * left.height());
}

// The SVG's text was half the PNG's: laid out for all of 1600 × 900 at 72 points an inch where
// the PNG was laid out for 1067 × 600 at 144 DPI. Drawn back, the SVG is the PNG.
TEST(Export, AnSvgIsLaidOutAsThePngOfTheSameSizeAndDpi) {
    StudyFixture fixture;
    const QSize size(1600, 900);
    const QImage png = renderChartImage(*fixture.view->chart(), size, 144);
    const QString file = fixture.path("study.svg");
    ASSERT_EQ(exportChartSvg(*fixture.view->chart(), file, size, 144), QString());
    QSvgRenderer renderer(file);
    ASSERT_TRUE(renderer.isValid());
    QImage drawn(size, QImage::Format_ARGB32_Premultiplied);
    drawn.fill(png.pixel(0, 0));
    {
        QPainter painter(&drawn);
        renderer.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    EXPECT_LT(differingShare(png, drawn), 0.02);
}

// Edit > Copy chart took 1600 × 900 at 96 DPI: its text was two thirds of the saved PNG's.
TEST(Export, ACopiedChartIsTheSavedPngsPicture) {
    StudyFixture fixture;
    QSettings().remove("export/dpi");
    ExportController exporter(nullptr, [&]() -> ChartWidget* { return fixture.view->chart(); },
                              [&]() -> const QAbstractItemView* { return fixture.view->tableView(); });
    exporter.copyChart();
    const QImage copied = QApplication::clipboard()->image();
    ASSERT_FALSE(copied.isNull());
    EXPECT_LT(differingShare(copied, renderChartImage(*fixture.view->chart(), copied.size(), kDefaultExportDpi)), 0.001);
}

// A run beside busy processes against a baseline: its figure read "40.00 ‡" and its speedup
// "×0.50" in the CSV, and TFLOP/s per device twice while it was the metric (once hidden).
TEST(Export, FiguresArePlainNumbersWithTheirMarksApartAndHiddenColumnsStayOut) {
    test::TempDir dir;
    const auto file = dir.file("export.db");
    const std::int64_t quiet = test::storeCompletedCpuRun(file, "quiet", 0);
    const std::int64_t busy = test::storeCompletedCpuRun(file, "beside a build", 1);
    {
        ResultStore raw(file);
        raw.finishRun(busy, RunStatus::Completed, "",
                      bb::test::storedSummary({{"median_samples_per_s", 20.0},
                                               {"achieved_flops_per_s", 2e9},
                                               {"other_cpu_cores", 1.4},
                                               {"other_cpu_cores_p95", 1.9}}));
    }
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.setRuns({quiet, busy});
    view.setBaselineIndex(view.baselineChoices().indexOf(QStringLiteral("Run: quiet")));
    ASSERT_EQ(view.comparison().baselineLabel, QStringLiteral("quiet"));
    ExportController exporter(nullptr, [&]() -> ChartWidget* { return view.chart(); },
                              [&]() -> const QAbstractItemView* { return view.tableView(); });
    const QString csvFile = QString::fromStdString(dir.file("compare.csv").string());
    ASSERT_EQ(exporter.exportTableTo(csvFile), QString());
    QFile csv(csvFile);
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split("\r\n", Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 3);
    const QStringList header = parseCsvLine(lines[0]);
    EXPECT_EQ(header.last(), "Marks");
    const auto column = [&](const QString& name) { return header.indexOf(name); };
    ASSERT_GE(column("samples/s"), 0) << lines[0].toStdString();
    ASSERT_GE(column("Speedup"), 0);
    ASSERT_GE(column("MFU %"), 0);
    for (int line = 1; line < lines.size(); ++line) {
        const QStringList fields = parseCsvLine(lines[line]);
        ASSERT_EQ(fields.size(), header.size());
        for (const char* name : {"samples/s", "Speedup", "TFLOP/s per device"}) {
            bool number = false;
            fields[column(name)].toDouble(&number);
            EXPECT_TRUE(number) << name << ": " << fields[column(name)].toStdString();
        }
        const bool isBusy = fields.contains("beside a build");
        EXPECT_EQ(fields.last(), isBusy ? "‡" : "") << lines[line].toStdString();
        if (isBusy) {
            EXPECT_EQ(fields[column("Speedup")].toDouble(), 0.5);
        }
    }

    view.setMetric(CompareMetric::AchievedTflopsPerDevice);
    ASSERT_EQ(exporter.exportTableTo(csvFile), QString());
    csv.close();
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QStringList again = parseCsvLine(QString::fromUtf8(csv.readAll()).split("\r\n").first());
    EXPECT_EQ(again.count("TFLOP/s per device"), 1) << again.join(',').toStdString();
}

// The Compare tab exported only its comparison chart: a click on the per-step chart makes it
// the one File > Export and Edit > Copy chart take, and the dialog names it.
TEST(Export, ThePerStepChartIsExportedOnceClicked) {
    test::TempDir dir;
    const auto file = dir.file("steps.db");
    std::vector<qint64> ids;
    for (const char* name : {"first", "second"}) {
        const qint64 id = test::storeCompletedCpuRun(file, name, 0);
        StepMetrics step;
        step.samples = 8;
        step.wallMs = 25;
        ResultStore(file).appendSteps(id, test::numberedSteps(6, step));
        ids.push_back(id);
    }
    RunStore store;
    ASSERT_TRUE(test::openAndRead(store, QString::fromStdString(file.string())));
    CompareView view(store);
    view.resize(1400, 800);
    view.setRuns({ids[0], ids[1]});
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !view.isReadingSteps(); }, 10'000));
    EXPECT_EQ(view.activeChart(), view.chart());
    auto* plot = view.overlay()->findChild<QGraphicsView*>();
    ASSERT_NE(plot, nullptr);
    QTest::mouseClick(plot->viewport(), Qt::LeftButton, {}, plot->viewport()->rect().center());
    ASSERT_EQ(view.activeChart(), view.overlay());
    ExportController exporter(nullptr, [&]() -> ChartWidget* { return view.activeChart(); },
                              [&]() -> const QAbstractItemView* { return view.tableView(); });
    const QString svgFile = QString::fromStdString(dir.file("steps.svg").string());
    ASSERT_EQ(exporter.exportChartTo(svgFile, QSize(1200, 700), 96), QString());
    QFile svg(svgFile);
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    EXPECT_TRUE(QString::fromUtf8(svg.readAll()).contains("samples/s per step"));
    // And back to the comparison chart with a click on it.
    auto* bars = view.chart()->findChild<QGraphicsView*>();
    ASSERT_NE(bars, nullptr);
    QTest::mouseClick(bars->viewport(), Qt::LeftButton, {}, bars->viewport()->rect().center());
    EXPECT_EQ(view.activeChart(), view.chart());
}

}  // namespace
}  // namespace bb::ui
