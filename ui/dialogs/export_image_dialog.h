// Asks for a chart export's size and DPI (the format follows the file name).
#pragma once

#include <QDialog>
#include <QSize>

QT_BEGIN_NAMESPACE
class QSpinBox;
QT_END_NAMESPACE

namespace bb::ui {

class ExportImageDialog final : public QDialog {
    Q_OBJECT
public:
    // `chartTitle`: which chart is exported (of a tab's two, the one clicked last).
    explicit ExportImageDialog(const QString& chartTitle, QWidget* parent = nullptr);
    QSize sizePx() const;
    int dpi() const;

private:
    QSpinBox* m_width;
    QSpinBox* m_height;
    QSpinBox* m_dpi;
};

}  // namespace bb::ui
