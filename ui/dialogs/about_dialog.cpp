#include "dialogs/about_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

#include "bridgebench/build_info.h"

namespace bb::ui {

QString AboutDialog::versionText() {
    const BuildInfo info = buildInfo();
    return tr("BridgeBench %1 (commit %2)\nQt %3 (built with %4)\nLibTorch %5%6\nOpenCV %7\nSQLite %8\nlibjpeg-turbo %9")
        .arg(QString::fromStdString(info.appVersion), QString::fromStdString(info.gitCommit),
             QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR),
             QString::fromStdString(info.torchVersion), info.torchHasCuda ? tr(" with CUDA") : QString(),
             QString::fromStdString(info.opencvVersion), QString::fromStdString(info.sqliteVersion),
             QString::fromStdString(info.jpegTurboVersion));
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("About BridgeBench"));
    auto* heading = new QLabel(tr("<h3>BridgeBench</h3><p>Training-throughput explorer for vision-language models: "
                                  "configure runs, watch them live, and compare devices and loader settings "
                                  "with the published BridgeTower study.</p>"));
    heading->setWordWrap(true);
    auto* versions = new QLabel(versionText());
    versions->setObjectName("versions");
    versions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(versions);
    layout->addWidget(buttons);
}

}  // namespace bb::ui
