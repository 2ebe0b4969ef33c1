// A run named with terminal control sequences (ESC[2J, an OSC title, BEL, BS, CR) is printed
// escaped by import, list, show and compare, and its SVG and HTML are well-formed: the name once
// cleared the terminal of whoever listed it and made the SVG unreadable as XML.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "support/cli_command.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace bb::control_characters_cli_test {
namespace {

using ::testing::HasSubstr;

using test::q;
using test::runCli;

// Any byte a terminal acts on, other than a line's end and a tab.
bool holdsControl(const std::string& text) {
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && c != '\n' && c != '\t') || byte == 0x7F) return true;
    }
    return false;
}

std::string readText(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(CliControlCharacters, ARunsNameReachesNoTerminalOrDocumentRaw) {
    test::TempDir dir;
    const std::string name = "evil\x1b[2J\x1b]0;owned\x07name\b\r";
    const auto csv = dir.file("evil.csv");
    std::ofstream(csv) << "run,step,samples,wall_ms\n\"" << name << "\",0,8,100\n\"" << name << "\",1,8,110\n";
    const auto db = dir.file("r.db");
    const auto imported = runCli("import csv " + q(csv) + " --json --db " + q(db));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const std::string id = nlohmann::json::parse(imported.out)["added"][0]["id"].dump();
    for (const std::string& command : {"import csv " + q(csv), std::string("list"), "show " + id, "compare " + id + " --with-study"}) {
        const auto result = runCli(command + " --db " + q(db));
        EXPECT_EQ(result.exitCode, 0) << command << ": " << result.err;
        EXPECT_FALSE(holdsControl(result.out)) << command << " printed a control character";
        EXPECT_FALSE(holdsControl(result.err)) << command << " printed a control character on stderr";
    }
    EXPECT_THAT(runCli("list --db " + q(db)).out, HasSubstr("evil\\x1B[2J"));
    // --json keeps the name exact, as JSON escapes it.
    EXPECT_THAT(runCli("show " + id + " --json --db " + q(db)).out, HasSubstr("evil\\u001b[2J"));

    const auto svg = dir.file("chart.svg");
    ASSERT_EQ(runCli("export " + id + " --format svg --chart steps --out " + q(svg) + " --db " + q(db)).exitCode, 0);
    const auto html = dir.file("report.html");
    ASSERT_EQ(runCli("report " + id + " --out " + q(html) + " --db " + q(db)).exitCode, 0);
    // The PDF's text is drawn through Cairo (core/src/report/cairo_canvas.cpp) from the same escape.
    const auto pdf = dir.file("report.pdf");
    const auto written = runCli("report " + id + " --out " + q(pdf) + " --db " + q(db));
    EXPECT_TRUE(written.exitCode == 0 || written.err.find("Cairo") != std::string::npos) << written.err;
    // XML takes no C0 control, not even as a reference: none raw is what keeps the SVG well-formed.
    for (const auto& file : {svg, html}) {
        const std::string text = readText(file);
        EXPECT_FALSE(holdsControl(text)) << file;
        EXPECT_THAT(text, HasSubstr("evil\\x1B[2J")) << file;
    }
}

}  // namespace
}  // namespace bb::control_characters_cli_test
