// bridgebench: the desktop explorer. Wiring only.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QTimer>

#include <iostream>
#include <string_view>

#include "bridgebench/build_info.h"
#include "bridgebench/result_store.h"
#include "i18n/translations.h"
#include "widgets/main_window.h"
#include "widgets/screenshots.h"

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
    if (const QString note = bb::ui::installChosenTranslations(); !note.isEmpty()) std::cerr << note.toStdString() << '\n';

    QCommandLineParser parser;
    parser.setApplicationDescription("Training-throughput explorer for vision-language models");
    parser.addHelpOption();
    const QCommandLineOption dbOption("db", "Results database to open", "FILE",
                                      QString::fromStdString(bb::defaultDatabasePath().string()));
    parser.addOption(dbOption);
    const QCommandLineOption screenshotsOption(
        "screenshots", "Save a PNG of each main view, and of the Run tab during a run of the run panel's settings, into DIR and quit "
        "(scripts/screenshots.sh)", "DIR");
    parser.addOption(screenshotsOption);
    parser.process(app);

    bb::ui::MainWindow window(parser.value(dbOption));
    window.fitToScreen();
    window.show();
    if (parser.isSet(screenshotsOption)) {
        QTimer::singleShot(0, &window, [&window, folder = parser.value(screenshotsOption)] {
            const QStringList files = bb::ui::saveScreenshots(window, folder);
            for (const auto& file : files) std::cout << file.toStdString() << '\n';
            // Then the Run tab as it looks while a run streams.
            bb::ui::saveLiveScreenshot(window, folder, [saved = files.size()](const QString& live) {
                if (!live.isEmpty()) std::cout << live.toStdString() << '\n';
                QApplication::exit(saved == 3 && !live.isEmpty() ? 0 : 1);
            });
        });
    }
    return QApplication::exec();
}
