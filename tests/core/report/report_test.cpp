// Reports checked by reading the files back: HTML text, SVG parsed as XML, PNG decoded,
// PDF structure and pages (its streams inflated with zlib: Cairo 1.18 packs the page objects
// into compressed object streams).
#include "bridgebench/report.h"

#include <algorithm>
#include <regex>

#include <cairo.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <zlib.h>

#include <fmt/format.h>

#include "bridgebench/run_summary.h"
#include "report/report_content.h"
#include "support/file_bytes.h"
#include "support/temp_dir.h"

namespace bb {
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
    data.run.batchSize = 8;
    data.run.workers = 1;
    data.run.environment = {{"torch", "1.13.1"}, {"cpu", {{"model", "AMD Ryzen 9 7950X"}, {"cores", 16}}}};
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
    published.run.source = "reference";
    published.run.deviceKind = "hpu";
    published.run.deviceName = "Gaudi2";
    published.run.deviceCount = 8;
    published.run.batchSize = 48;
    published.run.summary = {{"median_samples_per_s", 768.7}};
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
    for (const auto& run : report.runs)
        EXPECT_THAT(html, HasSubstr(report::figure(run.run.summary["median_samples_per_s"].get<double>())));
    const double speedup = report.runs[1].run.summary["median_samples_per_s"].get<double>() /
                           report.runs[0].run.summary["median_samples_per_s"].get<double>();
    EXPECT_THAT(html, HasSubstr(fmt::format("{:.2f}×", speedup)));
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
    published.deviceKind = "cuda";
    published.deviceName = "H100";
    published.model = "BridgeTower/bridgetower-large-itm-mlm-itc";
    published.precision = "bf16";
    published.summary = {{"median_samples_per_s", 602.1}};
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
    EXPECT_THAT(html, HasSubstr("the run&#39;s probe"));  // the CPU runs took none: no measured peak

    writePdfReport(report, dir.file("report.pdf"));
    EXPECT_GT(std::filesystem::file_size(dir.file("report.pdf")), 0U);
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

// The PDF with each Flate stream's inflated bytes appended, so that objects Cairo put inside
// object streams can be searched as text, as those written plainly already can.
std::string withStreamsInflated(const std::string& pdf) {
    std::string text = pdf;
    const std::regex start(R"(>>\s*stream\r?\n)");
    for (auto match = std::sregex_iterator(pdf.begin(), pdf.end(), start); match != std::sregex_iterator(); ++match) {
        const auto begin = static_cast<std::size_t>(match->position() + match->length());
        const auto end = pdf.find("endstream", begin);
        if (end == std::string::npos) break;
        z_stream zs{};
        if (inflateInit(&zs) != Z_OK) continue;
        zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(pdf.data() + begin));
        zs.avail_in = static_cast<uInt>(end - begin);
        char chunk[16384];
        int status = Z_OK;
        while (status == Z_OK) {
            zs.next_out = reinterpret_cast<Bytef*>(chunk);
            zs.avail_out = sizeof chunk;
            status = inflate(&zs, Z_NO_FLUSH);
            if (status == Z_OK || status == Z_STREAM_END) text.append(chunk, sizeof chunk - zs.avail_out);
        }
        inflateEnd(&zs);
    }
    return text;
}

TEST(PdfReport, HasAPdfHeaderAndThePagesItReports) {
    const test::TempDir dir;
    auto report = input();
    // Enough environment rows to run onto further pages.
    for (int i = 0; i < 120; ++i) report.runs[0].run.environment["setting_" + std::to_string(i)] = i;
    const int pages = writePdfReport(report, dir.file("report.pdf"));
    const std::string pdf = test::readFileBytes(dir.file("report.pdf"));
    ASSERT_GT(pdf.size(), 1000U);
    EXPECT_EQ(pdf.substr(0, 5), "%PDF-");
    EXPECT_NE(pdf.find("%%EOF", pdf.size() - 16), std::string::npos);
    const std::string objects = withStreamsInflated(pdf);
    const std::regex page(R"(/Type\s*/Page[^s])");
    const auto counted =
        std::distance(std::sregex_iterator(objects.begin(), objects.end(), page), std::sregex_iterator());
    EXPECT_EQ(counted, pages);
    EXPECT_GE(pages, 3);
    std::smatch total;
    ASSERT_TRUE(
        std::regex_search(objects, total, std::regex(R"(/Type\s*/Pages\s*/Kids\s*\[[^\]]*\]\s*/Count\s*(\d+))")));
    EXPECT_EQ(std::stoi(total[1]), pages);
}

}  // namespace
}  // namespace bb
