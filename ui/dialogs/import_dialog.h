// The choices of `bridgebench-cli import`: what to read (a Hugging Face Trainer output folder,
// TensorBoard event files, a CSV table, another BridgeBench database) and what the files do not
// say about the run (device, model, batch, workers, precision), each left to the files unless set.
#pragma once

#include <QDialog>

#include "widgets/run_importer.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QDialogButtonBox;
class QLineEdit;
class QSpinBox;
class QWidget;
QT_END_NAMESPACE

namespace bb::ui {

class ImportDialog final : public QDialog {
    Q_OBJECT
public:
    explicit ImportDialog(QWidget* parent = nullptr);

    ImportRequest request() const;
    // Tests and scripts fill it without the file dialogs.
    void setFormat(ImportRequest::Format format);
    void setPath(const QString& path);

private:
    void browse();
    void updateState();

    QComboBox* m_format;
    QLineEdit* m_path;
    QLineEdit* m_name;
    QComboBox* m_deviceKind;
    QLineEdit* m_deviceName;
    QSpinBox* m_deviceCount;
    QLineEdit* m_model;
    QSpinBox* m_batchSize;
    QSpinBox* m_workers;
    QComboBox* m_precision;
    QWidget* m_runFields;
    QDialogButtonBox* m_buttons;
};

}  // namespace bb::ui
