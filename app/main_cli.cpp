// bridgebench-cli: wiring only; each subcommand lives in app/cli/.
#include <iostream>

#include "bridgebench/build_info.h"
#include "cli/cli_common.h"
#include "cli/text_wrap.h"
#include "cli/interrupt.h"
#include "cli/printable_streams.h"

int main(int argc, char** argv) {
    bb::cli::installInterruptHandling();
    bb::cli::installPrintableStreams();
    CLI::App app{"BridgeBench: training-throughput benchmarks for vision-language models", "bridgebench-cli"};
    app.require_subcommand(0, 1);
    bool showVersion = false;
    app.add_flag("--version", showVersion, "Print the app and library versions");

    bb::cli::CliState state;
    bb::cli::registerRunCommand(app, state);
    bb::cli::registerSweepCommand(app, state);
    bb::cli::registerListCommand(app, state);
    bb::cli::registerShowCommand(app, state);
    bb::cli::registerCompareCommand(app, state);
    bb::cli::registerImportCommand(app, state);
    bb::cli::registerExportCommand(app, state);
    bb::cli::registerReportCommand(app, state);
    bb::cli::registerModelCommand(app, state);
    bb::cli::registerTokenizeCommand(app, state);
    bb::cli::registerDatasetCommand(app, state);
    bb::cli::registerBenchCommand(app, state);
    // After the subcommands: CLI11 copies a parent's footer into subcommands made later.
    app.footer(
        "Each subcommand has --help. Results go to --db FILE, by default $BRIDGEBENCH_DB, else\n"
        "$XDG_DATA_HOME/bridgebench/results.db; the window reads the same file. --json prints one JSON document on\n"
        "stdout.\n" +
        bb::cli::wrapText(bb::exitCodesText(), 110) + "\n"
        "Examples:\n"
        "  bridgebench-cli run --set model=tiny --set workers=1 --set name=first    train one run and store it\n"
        "  bridgebench-cli compare first --with-study          beside the study's published figures\n"
        "  bridgebench-cli sweep --preset study                the study's grid on this machine\n\n"
        "The user guide: docs/ in the source tree (docs/cli.md for every option).\n");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error);
        return code == 0 ? bb::cli::kExitOk : bb::cli::kExitUsage;
    }
    if (showVersion) {
        std::cout << bb::formatBuildInfo(bb::buildInfo());
        return bb::cli::kExitOk;
    }
    if (app.get_subcommands().empty()) {
        std::cerr << app.help();
        return bb::cli::kExitUsage;
    }
    bb::cli::endIfInterrupted();
    return state.exitCode;
}
