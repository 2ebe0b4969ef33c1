// bridgebench: the desktop explorer. Wiring only.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>

#include <iostream>
#include <string_view>

#include "bridgebench/build_info.h"
#include "bridgebench/result_store.h"
#include "widgets/main_window.h"

int main(int argc, char** argv) {
    // Answered before QApplication exists, so that --version works without a display.
    for (int index = 1; index < argc; ++index) {
        if (std::string_view(argv[index]) == "--version") {
            std::cout << bb::formatBuildInfo(bb::buildInfo()) << "Qt " << qVersion() << '\n';
            return 0;
        }
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName("BridgeBench");
    QApplication::setOrganizationName("BridgeBench");
    QApplication::setApplicationVersion(QString::fromStdString(bb::buildInfo().appVersion));

    QCommandLineParser parser;
    parser.setApplicationDescription("Training-throughput explorer for vision-language models");
    parser.addHelpOption();
    const QCommandLineOption dbOption("db", "Results database to open", "FILE",
                                      QString::fromStdString(bb::defaultDatabasePath().string()));
    parser.addOption(dbOption);
    parser.process(app);

    bb::ui::MainWindow window(parser.value(dbOption));
    window.show();
    return QApplication::exec();
}
