// Reports checked by reading the files back: HTML text, SVG parsed as XML, PNG decoded, PDF
// opened with poppler (its pages and the text on each).
#include "bridgebench/report.h"

#include <algorithm>
#include <regex>

#include <cairo.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <poppler-document.h>
#include <poppler-page.h>

#include <fmt/format.h>

#include "bridgebench/run_samples_per_sec.h"
#include "bridgebench/run_summary.h"
#include "report/report_content.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"
#include "support/stored_summary.h"

namespace bb::report_test {
namespace {

using ::testing::HasSubstr;

RunData measured(std::int64_t id, const std::string& name, double stepMs) {
    RunData data;
    data.run.id = id;
    data.run.uuid = "uuid-" + std::to_string(id);
    data.run.name = name;
    data.run.status = RunStatus::Completed;
    data.run.deviceKind = "cpu";
    data.run.deviceName = "Ryzen 7950X";
    data.run.model = "tiny";  // as the engine's runs name theirs; an unknown model gets no speedup
    data.run.batchSize = 8;
    data.run.workers = 1;
    data.run.environment = nlohmann::json{{"torch", "1.13.1"}, {"cpu", {{"model", "AMD Ryzen 9 7950X"}, {"cores", 16}}}}.get<RunEnvironment>();
    for (int i = 0; i < 20; ++i) {
        StepMetrics step;
        step.step = i;
        step.wallMs = stepMs + (i % 3);
        step.samples = 8;
        step.samplesPerSec = samplesPerSecond(8, step.wallMs);
        step.dataWaitMs = stepMs * 0.4;
        step.forwardMs = stepMs * 0.2;
        step.backwardMs = stepMs * 0.3;
        step.loadMs = stepMs * 0.8;
        data.steps.push_back(step);
    }
    data.run.summary = summarize(data.steps, 3);
    return data;
}

ReportInput input() {
    ReportInput report;
    report.runs = {measured(7, "workers=1 <baseline>", 100), measured(8, "workers=1 & device transforms", 80)};
    RunData published;
    published.run.id = 3;
    published.run.name = "8x Gaudi2 · workers 2";
    published.run.origin = RunOrigin::MeasuredReference;  // no headline_only
    published.run.deviceKind = "hpu";
    published.run.deviceName = "Gaudi2";
    published.run.deviceCount = 8;
    published.run.batchSize = 48;
    published.run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 768.7}});
    report.runs.push_back(published);
    report.baselineRunId = 7;
    report.title = "Loader study";
    return report;
}

TEST(HtmlReport, IsOneFileWithTheRunsFiguresChartsDiagnosisAndEnvironment) {
    const test::TempDir dir;
    const auto report = input();
    writeHtmlReport(report, dir.file("report.html"));
    const std::string html = test::readFileBytes(dir.file("report.html"));
    EXPECT_THAT(html, HasSubstr("<title>Loader study</title>"));
    EXPECT_THAT(html, HasSubstr("workers=1 &lt;baseline&gt;"));  // escaped, never raw markup
    EXPECT_THAT(html, HasSubstr("workers=1 &amp; device transforms"));
    EXPECT_THAT(html, HasSubstr("8x Gaudi2 · workers 2"));
    for (const auto& run : report.runs) EXPECT_THAT(html, HasSubstr(report::figure(runSamplesPerSec(run.run))));
    const double speedup = runSamplesPerSec(report.runs[1].run) / runSamplesPerSec(report.runs[0].run);
    EXPECT_THAT(html, HasSubstr(fmt::format("×{:.2f}", speedup)));  // written as the window writes it
    EXPECT_THAT(html, HasSubstr("input-bound"));  // 40% of each step waits for data
    EXPECT_THAT(html, HasSubstr("AMD Ryzen 9 7950X"));
    EXPECT_THAT(html, HasSubstr("batch 48 vs 8"));  // the published run's workload differs
    // Two inline charts, nothing fetched from elsewhere.
    std::size_t svgs = 0;
    for (auto at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) ++svgs;
    EXPECT_EQ(svgs, 2U);
    EXPECT_EQ(html.find("src="), std::string::npos);
    EXPECT_EQ(html.find("href="), std::string::npos);
}

TEST(HtmlReport, CarriesAchievedTflopsAndMfuColumnsAndWhereTheyComeFrom) {
    const test::TempDir dir;
    auto report = input();
    auto& published = report.runs.back().run;  // as the study's 8x H100 at workers 2
    published.origin = RunOrigin::PublishedFigure;
    published.deviceKind = "cuda";
    published.deviceName = "H100";
    published.model = "BridgeTower/bridgetower-large-itm-mlm-itc";
    published.precision = "bf16";
    published.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 602.1}, {"headline_only", true}});  // as the study's figures are
    writeHtmlReport(report, dir.file("report.html"));
    const std::string html = test::readFileBytes(dir.file("report.html"));
    for (const char* column : {"<th>TFLOP/s</th>", "<th>TFLOP/s per device</th>", "<th>MFU</th>"})
        EXPECT_THAT(html, HasSubstr(column));
    EXPECT_THAT(html, HasSubstr(">895<"));    // 1486.6 GFLOP per sample × 602.1 samples/s
    EXPECT_THAT(html, HasSubstr(">112<"));    // over 8 devices
    EXPECT_THAT(html, HasSubstr(">11.3%<"));  // of the H100 SXM's 989.5 dense bf16 TFLOPS
    EXPECT_THAT(html, HasSubstr("Where TFLOP/s and MFU come from"));
    EXPECT_THAT(html, HasSubstr("max_seq_length"));
    EXPECT_THAT(html, HasSubstr("datasheet"));
    EXPECT_THAT(html, HasSubstr("which machine it ran on"));  // the CPU runs name none: no machine peak

    writePdfReport(report, dir.file("report.pdf"));
    EXPECT_GT(std::filesystem::file_size(dir.file("report.pdf")), 0U);
}

// As `compare` and the Compare tab do, a report marks the figures of a run measured beside busy
// processes and says how much they took, in both formats.
TEST(HtmlReport, MarksARunMeasuredBesideOtherProcessesAndSaysHowMuchTheyTook) {
    const test::TempDir dir;
    auto report = input();
    auto& busy = report.runs[1].run;
    busy.summary.otherCpuCores = 1.2;
    busy.summary.otherCpuCoresP95 = 1.6;
    busy.environment.logicalCores = 2;
    writeHtmlReport(report, dir.file("report.html"));
    const std::string html = test::readFileBytes(dir.file("report.html"));
    const std::string figure = report::figure(bb::test::storedJson(busy.summary)["median_samples_per_s"].get<double>());
    EXPECT_THAT(html, HasSubstr(">" + figure + " ‡<"));
    int marked = 0;
    for (auto at = html.find(" ‡<"); at != std::string::npos; at = html.find(" ‡<", at + 1)) ++marked;
    EXPECT_EQ(marked, 1) << "only the busy run's figure";
    EXPECT_THAT(html, HasSubstr("‡ Measured beside other processes (the figures may not repeat)"));
    EXPECT_THAT(html, HasSubstr("#8: other processes took 1.2 of the 2 cores on average"));

    writePdfReport(report, dir.file("report.pdf"));
    const std::unique_ptr<poppler::document> pdf(poppler::document::load_from_file(dir.file("report.pdf").string()));
    ASSERT_TRUE(pdf);
    std::string text;
    for (int index = 0; index < pdf->pages(); ++index) {
        const auto bytes = std::unique_ptr<poppler::page>(pdf->create_page(index))->text().to_utf8();
        text.append(bytes.begin(), bytes.end()).push_back('\n');
    }
    EXPECT_THAT(text, HasSubstr("Measured beside other processes"));
    EXPECT_THAT(text, HasSubstr("#8: other processes took 1.2 of the 2 cores"));
}

TEST(ChartSvg, ParsesAsXmlWithABarPerRunAndALinePerMeasuredRun) {
    const test::TempDir dir;
    const auto report = input();
    writeChartSvg(report, ReportChart::Comparison, dir.file("comparison.svg"));
    writeChartSvg(report, ReportChart::Steps, dir.file("steps.svg"));
    auto count = [](const std::filesystem::path& file, const char* xpath) {
        xmlDocPtr doc = xmlReadFile(file.c_str(), nullptr, XML_PARSE_NONET);
        if (!doc) return -1;
        xmlXPathContextPtr context = xmlXPathNewContext(doc);
        xmlXPathRegisterNs(context, BAD_CAST "svg", BAD_CAST "http://www.w3.org/2000/svg");
        xmlXPathObjectPtr result = xmlXPathEvalExpression(BAD_CAST xpath, context);
        const int found = result && result->nodesetval ? result->nodesetval->nodeNr : 0;
        xmlXPathFreeObject(result);
        xmlXPathFreeContext(context);
        xmlFreeDoc(doc);
        return found;
    };
    EXPECT_EQ(count(dir.file("comparison.svg"), "//svg:rect[@class='bar']"), 3);
    EXPECT_EQ(count(dir.file("comparison.svg"), "//svg:text[contains(., 'Gaudi2')]"), 1);
    EXPECT_EQ(count(dir.file("steps.svg"), "//svg:polyline[@class='series']"), 2);  // the published run has no steps
    // Bars are as long as their values: the Gaudi2 figure is the longest.
    const std::string svg = test::readFileBytes(dir.file("comparison.svg"));
    std::regex bar(R"re(class="bar" x="[0-9.]+" y="[0-9.]+" width="([0-9.]+)")re");
    std::vector<double> widths;
    for (std::sregex_iterator it(svg.begin(), svg.end(), bar), end; it != end; ++it) widths.push_back(std::stod((*it)[1]));
    ASSERT_EQ(widths.size(), 3U);
    EXPECT_GT(widths[2], widths[1]);
    EXPECT_GT(widths[1], widths[0]);
}

// A CPU run as the baseline read "0.0 (1.00×)" on its bar where the window said 0.0134 ×1.00.
TEST(ChartSvg, LongRunNamesThatDifferAtTheirEndsStayApart) {
    const test::TempDir dir;
    ReportInput report;
    report.runs = {measured(1, "BridgeTower study grid (cpu) · workers=0 device_transforms=off", 100),
                   measured(2, "BridgeTower study grid (cpu) · workers=0 device_transforms=on", 90)};
    report.baselineRunId = 1;
    writeChartSvg(report, ReportChart::Comparison, dir.file("comparison.svg"));
    const std::string svg = test::readFileBytes(dir.file("comparison.svg"));
    EXPECT_THAT(svg, HasSubstr("transforms=off</text>"));
    EXPECT_THAT(svg, HasSubstr("transforms=on</text>"));
    EXPECT_THAT(svg, HasSubstr("BridgeTower"));
}

TEST(ChartSvg, ASmallFigureKeepsThreeSignificantDigitsAndSpeedupsReadAsInTheWindow) {
    const test::TempDir dir;
    ReportInput report;
    RunData cpu;
    cpu.run.id = 1;
    cpu.run.name = "tiny on the cpu";
    cpu.run.origin = RunOrigin::Engine;
    cpu.run.deviceKind = "cpu";
    cpu.run.deviceName = "cpu";
    cpu.run.model = "tiny";  // a model nobody named gets no speedup (the work per sample is unknown)
    cpu.run.batchSize = 8;
    cpu.run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 0.0134}});
    RunData rerun = cpu;
    rerun.run.id = 2;
    rerun.run.name = "tiny on the cpu again";
    rerun.run.summary = bb::test::storedSummary(nlohmann::json{{"median_samples_per_s", 0.0268}});
    report.runs = {cpu, rerun};
    report.baselineRunId = 1;
    writeChartSvg(report, ReportChart::Comparison, dir.file("comparison.svg"));
    const std::string svg = test::readFileBytes(dir.file("comparison.svg"));
    EXPECT_THAT(svg, HasSubstr("0.0134 (×1.00)"));
    EXPECT_THAT(svg, HasSubstr("0.0268 (×2.00)"));
    EXPECT_EQ(svg.find("0.0 ("), std::string::npos);
}

TEST(ChartSvg, LongRunsAreDrawnFromFewPointsThatKeepTheirSpikes) {
    const test::TempDir dir;
    ReportInput report;
    report.runs = {measured(1, "long run", 100)};
    auto& steps = report.runs[0].steps;
    steps.clear();
    for (int i = 0; i < 50000; ++i) {
        StepMetrics step;
        step.step = i;
        step.samplesPerSec = i == 31415 ? 1000.0 : 80.0 + (i % 7);
        steps.push_back(step);
    }
    writeChartSvg(report, ReportChart::Steps, dir.file("long.svg"));
    const std::string svg = test::readFileBytes(dir.file("long.svg"));
    // Found by hand: libstdc++'s std::regex recurses once per character of a [^"]* capture,
    // and this attribute is long enough to overflow the stack under AddressSanitizer.
    const auto series = svg.find(R"(class="series")");
    ASSERT_NE(series, std::string::npos);
    const auto attribute = svg.find(R"(points=")", series);
    ASSERT_LT(attribute, svg.find('>', series)) << "the series' polyline has no points";
    const auto first = attribute + std::string_view(R"(points=")").size();
    const std::string points = svg.substr(first, svg.find('"', first) - first);
    std::vector<double> ys;
    std::regex pair(R"(([0-9.]+),([0-9.]+))");
    for (std::sregex_iterator it(points.begin(), points.end(), pair), end; it != end; ++it) ys.push_back(std::stod((*it)[2]));
    EXPECT_GT(ys.size(), 500U);
    EXPECT_LT(ys.size(), 4000U);
    std::sort(ys.begin(), ys.end());
    // The one 1000 samples/s step is still there, far above (smaller y) every other point.
    EXPECT_LT(ys[0] + 100, ys[1]);
}

TEST(ChartPng, DecodesAtTheScaledSizeAndHasBarPixels) {
    const test::TempDir dir;
    const auto report = input();
    const double scale = 2.0;
    writeChartPng(report, ReportChart::Steps, dir.file("steps.png"), scale);
    cairo_surface_t* image = cairo_image_surface_create_from_png(dir.file("steps.png").c_str());
    ASSERT_EQ(cairo_surface_status(image), CAIRO_STATUS_SUCCESS);
    EXPECT_EQ(cairo_image_surface_get_width(image), static_cast<int>(800 * scale));
    EXPECT_EQ(cairo_image_surface_get_height(image), static_cast<int>(360 * scale));
    // Some pixels are neither white nor transparent: the chart was drawn.
    const unsigned char* pixels = cairo_image_surface_get_data(image);
    const int stride = cairo_image_surface_get_stride(image);
    int coloured = 0;
    for (int y = 0; y < cairo_image_surface_get_height(image); ++y)
        for (int x = 0; x < cairo_image_surface_get_width(image); ++x) {
            const auto* pixel = pixels + y * stride + x * 4;
            if (pixel[3] == 255 && (pixel[0] < 200 || pixel[1] < 200 || pixel[2] < 200)) ++coloured;
        }
    EXPECT_GT(coloured, 1000);
    cairo_surface_destroy(image);
}

// The note under the bars (what † and a refused speedup mean) was one line, which ran past the
// chart's right edge once both were said: "...other work or its wo" in the PNG and the PDF.
TEST(ChartPng, TheNoteUnderTheBarsWrapsWithinTheChart) {
    const test::TempDir dir;
    ReportInput report = input();
    RunData other = measured(9, "large model, other work", 400);
    other.run.model = "large";
    report.runs.push_back(other);
    writeChartPng(report, ReportChart::Comparison, dir.file("comparison.png"), 1.0);
    writeChartSvg(report, ReportChart::Comparison, dir.file("comparison.svg"));
    const std::string svg = test::readFileBytes(dir.file("comparison.svg"));
    ASSERT_THAT(svg, HasSubstr("no speedup where")) << "the note says both";
    cairo_surface_t* image = cairo_image_surface_create_from_png(dir.file("comparison.png").c_str());
    ASSERT_EQ(cairo_surface_status(image), CAIRO_STATUS_SUCCESS);
    const unsigned char* pixels = cairo_image_surface_get_data(image);
    const int stride = cairo_image_surface_get_stride(image);
    const int width = cairo_image_surface_get_width(image);
    const int height = cairo_image_surface_get_height(image);
    int atTheEdges = 0;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            if (x < width - 4 && y < height - 2) continue;
            const auto* pixel = pixels + y * stride + x * 4;
            if (pixel[0] < 200 || pixel[1] < 200 || pixel[2] < 200) ++atTheEdges;
        }
    EXPECT_EQ(atTheEdges, 0) << "text drawn to the right or bottom edge of the chart";
    cairo_surface_destroy(image);
}

TEST(PdfReport, APdfReaderOpensItAndFindsThePagesItReportsWithTheirText) {
    const test::TempDir dir;
    auto report = input();
    // Enough environment rows to run onto further pages.
    for (int i = 0; i < 120; ++i) report.runs[0].run.environment.facts["setting_" + std::to_string(i)] = i;
    const int pages = writePdfReport(report, dir.file("report.pdf"));
    EXPECT_GE(pages, 3);
    const std::unique_ptr<poppler::document> pdf(poppler::document::load_from_file(dir.file("report.pdf").string()));
    ASSERT_TRUE(pdf) << "poppler could not open the report";
    EXPECT_FALSE(pdf->is_locked());
    ASSERT_EQ(pdf->pages(), pages);
    std::string text;
    for (int index = 0; index < pdf->pages(); ++index) {
        const std::unique_ptr<poppler::page> page(pdf->create_page(index));
        ASSERT_TRUE(page) << "page " << index;
        const auto bytes = page->text().to_utf8();
        text.append(bytes.begin(), bytes.end()).push_back('\n');
    }
    EXPECT_THAT(text, HasSubstr(report.runs[0].run.name));
    EXPECT_THAT(text, HasSubstr("setting_0"));
    EXPECT_THAT(text, HasSubstr("setting_119")) << "the environment's last row, on a later page";
}

// An imported log's steps have times but no breakdown: its data wait is unknown, not "0%"; and
// the study's figures and BridgeBench's measured tables are told apart in the Source column.
TEST(HtmlReport, AnImportsUnmeasuredWaitIsUnknownAndReferenceSourcesAreApart) {
    auto report = input();
    for (auto& step : report.runs[1].steps) {
        step.dataWaitMs = step.hostToDeviceMs = step.forwardMs = step.backwardMs = step.optimizerMs = 0;
        step.loadMs = step.readMs = step.decodeMs = step.transformMs = step.collateMs = 0;
    }
    report.runs[1].run.origin = RunOrigin::Import;
    report.runs[2].run.summary.headlineOnly = true;  // the study's figure, as the store holds it
    report.runs[2].run.origin = RunOrigin::PublishedFigure;
    const auto content = report::buildReportContent(report);
    const auto column = [&](const std::string& name) {
        return static_cast<std::size_t>(std::find(content.summary.header.begin(), content.summary.header.end(), name) -
                                        content.summary.header.begin());
    };
    EXPECT_EQ(content.summary.rows[0][column("data wait")], "40%");
    EXPECT_EQ(content.summary.rows[1][column("data wait")], "–");
    EXPECT_EQ(content.summary.rows[2][column("source")], "published");
    EXPECT_EQ(content.summary.rows[1][column("source")], "imported");
}

// Seen in a newcomer's PDF: an imported Trainer run that named no model read "same" in the
// workload column, where `compare` and the window said its model was unknown.
TEST(HtmlReport, ARunWhoseWorkloadIsUnknownSaysSoRatherThanSame) {
    auto report = input();
    report.runs[1].run.origin = RunOrigin::Import;
    report.runs[1].run.model.clear();
    report.runs[1].run.config.facts.erase("model");
    const auto content = report::buildReportContent(report);
    const auto workload = static_cast<std::size_t>(
        std::find(content.summary.header.begin(), content.summary.header.end(), "workload") - content.summary.header.begin());
    ASSERT_LT(workload, content.summary.header.size());
    EXPECT_THAT(content.summary.rows[1][workload], HasSubstr("unknown: model")) << content.summary.rows[1][workload];
}

// The PDF's summary table cut every text column ("8x Ga…", "worke…"): rows could not be told
// apart. Its cells wrap within their column now; nothing is cut.
TEST(PdfReport, TheSummaryTableWrapsTextRatherThanCuttingIt) {
    const test::TempDir dir;
    auto report = input();
    report.runs[2].run.config.note = "media pipeline, which decodes and augments on the device";
    report.runs[2].run.deviceTransforms = true;
    writePdfReport(report, dir.file("report.pdf"));
    const std::unique_ptr<poppler::document> pdf(poppler::document::load_from_file(dir.file("report.pdf").string()));
    ASSERT_TRUE(pdf);
    std::string text;
    for (int index = 0; index < pdf->pages(); ++index) {
        const std::unique_ptr<poppler::page> page(pdf->create_page(index));
        const auto bytes = page->text().to_utf8();
        text.append(bytes.begin(), bytes.end()).push_back('\n');
    }
    EXPECT_EQ(text.find("…"), std::string::npos) << text;
    for (const char* word : {"augments", "device", "transforms", "Gaudi2"}) EXPECT_THAT(text, HasSubstr(word));
}

std::string pdfText(const std::filesystem::path& file) {
    const std::unique_ptr<poppler::document> pdf(poppler::document::load_from_file(file.string()));
    std::string text;
    if (!pdf) return text;
    for (int index = 0; index < pdf->pages(); ++index) {
        const auto bytes = std::unique_ptr<poppler::page>(pdf->create_page(index))->text().to_utf8();
        text.append(bytes.begin(), bytes.end()).push_back('\n');
    }
    return text;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t count = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
    return count;
}

// The study's ten figures gave five PDF pages of "nothing to diagnose", one heading each.
TEST(Report, FiguresWithoutStepsShareOneLineInsteadOfASectionEach) {
    const test::TempDir dir;
    auto report = input();
    for (std::int64_t id = 20; id < 30; ++id) {
        RunData published = report.runs[2];
        published.run.id = id;
        published.run.name = "8x Gaudi2 · figure " + std::to_string(id);
        report.runs.push_back(published);
    }
    const auto content = report::buildReportContent(report);
    ASSERT_EQ(content.runs.size(), 2U) << "sections for the two runs with steps only";
    EXPECT_THAT(content.withoutSteps, HasSubstr("#3, #20, #21"));
    EXPECT_THAT(content.withoutSteps, HasSubstr("#29 have no per-step measurements"));

    writeHtmlReport(report, dir.file("report.html"));
    const std::string html = test::readFileBytes(dir.file("report.html"));
    EXPECT_EQ(occurrences(html, "nothing to diagnose"), 1U);
    EXPECT_EQ(html.find("<h3>#21 "), std::string::npos);
    writePdfReport(report, dir.file("report.pdf"));
    std::string text = pdfText(dir.file("report.pdf"));
    std::replace(text.begin(), text.end(), '\n', ' ');  // a wrapped line
    EXPECT_EQ(occurrences(text, "nothing to diagnose"), 1U) << text;
}

// The Compare tab's device baseline ("each run against 8× Gaudi2's run of its configuration")
// went into no report: the speedups were printed with nothing saying what they were against.
TEST(Report, ADeviceBaselineIsStatedInBothFormats) {
    const test::TempDir dir;
    auto report = input();
    report.baselineRunId.reset();
    report.baseline = CompareBaseline{CompareBaseline::Kind::Device, 0, "1× Ryzen 7950X"};
    const auto content = report::buildReportContent(report);
    EXPECT_EQ(content.comparison.baseline.kind, CompareBaseline::Kind::Device);
    const std::string stated = "speedups against the device 1× Ryzen 7950X";
    writeHtmlReport(report, dir.file("report.html"));
    EXPECT_THAT(test::readFileBytes(dir.file("report.html")), HasSubstr(stated));
    writePdfReport(report, dir.file("report.pdf"));
    std::string text = pdfText(dir.file("report.pdf"));
    std::replace(text.begin(), text.end(), '\n', ' ');
    EXPECT_THAT(text, HasSubstr(stated));
    // A run baseline is named with its id in both too.
    report.baseline = {};
    report.baselineRunId = 7;
    writePdfReport(report, dir.file("run.pdf"));
    EXPECT_THAT(pdfText(dir.file("run.pdf")), HasSubstr("speedups against run #7"));
}

// The per-step chart was titled "Throughput per step" beside a summary of medians after warm-up,
// and drew the samples/s of other models on its axis unmarked.
TEST(ChartSvg, ThePerStepChartSaysWhatItDrawsAndMarksOtherWork) {
    const test::TempDir dir;
    auto report = input();
    report.runs[0].run.model = "large";
    report.runs[1].run.model = "tiny";
    writeChartSvg(report, ReportChart::Steps, dir.file("steps.svg"));
    const std::string svg = test::readFileBytes(dir.file("steps.svg"));
    EXPECT_THAT(svg, HasSubstr("each step as measured (warm-up included, not smoothed)"));
    EXPECT_THAT(svg, HasSubstr("workers=1 &amp; device transforms †"));
    EXPECT_THAT(svg, HasSubstr("† other work per sample"));
    EXPECT_EQ(svg.find("workers=1 &lt;baseline&gt; †"), std::string::npos) << "the baseline is not other work";
}

}  // namespace
}  // namespace bb::report_test
