#include "dialogs/export_image_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>

#include "charts/chart_export.h"

namespace bb::ui {

ExportImageDialog::ExportImageDialog(const QString& chartTitle, QWidget* parent)
    : QDialog(parent), m_width(new QSpinBox), m_height(new QSpinBox), m_dpi(new QSpinBox) {
    setWindowTitle(tr("Export chart"));
    QSettings settings;
    m_width->setRange(100, 16000);
    m_height->setRange(100, 16000);
    m_dpi->setRange(48, 1200);
    m_width->setSuffix(tr(" px"));
    m_height->setSuffix(tr(" px"));
    m_width->setValue(settings.value("export/widthPx", 1600).toInt());
    m_height->setValue(settings.value("export/heightPx", 900).toInt());
    m_dpi->setValue(settings.value("export/dpi", kDefaultExportDpi).toInt());
    m_dpi->setToolTip(tr("Text and lines scale with DPI / 96, in PNG, SVG and PDF alike"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    auto* form = new QFormLayout(this);
    auto* which = new QLabel(chartTitle);
    which->setWordWrap(true);
    which->setToolTip(tr("Of a tab's two charts, the one clicked last"));
    form->addRow(tr("Chart"), which);
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Height"), m_height);
    form->addRow(tr("DPI"), m_dpi);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        QSettings remembered;
        remembered.setValue("export/widthPx", m_width->value());
        remembered.setValue("export/heightPx", m_height->value());
        remembered.setValue("export/dpi", m_dpi->value());
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QSize ExportImageDialog::sizePx() const { return {m_width->value(), m_height->value()}; }
int ExportImageDialog::dpi() const { return m_dpi->value(); }

}  // namespace bb::ui
