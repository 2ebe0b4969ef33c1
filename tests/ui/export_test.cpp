#include <QFile>
#include <QImage>
#include <QSet>
#include <QStandardItemModel>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include "adapters/run_store.h"
#include "charts/chart_export.h"
#include "charts/compare_chart.h"
#include "models/table_export.h"
#include "support/measured_reference.h"
#include "support/temp_dir.h"
#include "widgets/compare_view.h"

namespace bb::ui {
namespace {

struct StudyFixture {
    test::TempDir dir;
    RunStore store;
    std::unique_ptr<CompareView> view;
    StudyFixture() {
        EXPECT_TRUE(store.open(QString::fromStdString(dir.file("export.db").string())));
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
    for (const auto& line : lines) EXPECT_EQ(parseCsvLine(line).size(), table->columnCount());

    const QString markdown = tableToMarkdown(*table);
    const QStringList rows = markdown.split('\n', Qt::SkipEmptyParts);
    ASSERT_EQ(rows.size(), 2 + runs);
    EXPECT_TRUE(rows[1].startsWith("| ---"));
    EXPECT_TRUE(markdown.contains("×2.23"));
}

}  // namespace
}  // namespace bb::ui
