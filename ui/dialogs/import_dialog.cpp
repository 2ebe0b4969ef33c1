#include "dialogs/import_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace bb::ui {

namespace {
using Format = ImportRequest::Format;

// A spin box whose lowest value means "whatever the files say".
QSpinBox* optionalNumber(int lowest, int highest) {
    auto* box = new QSpinBox;
    box->setRange(lowest, highest);
    box->setValue(lowest);
    box->setSpecialValueText(ImportDialog::tr("as the files say"));
    return box;
}

QComboBox* optionalChoice(const QStringList& values) {
    auto* box = new QComboBox;
    box->addItem(ImportDialog::tr("as the files say"), QString());
    for (const auto& value : values) box->addItem(value, value);
    return box;
}
}  // namespace

ImportDialog::ImportDialog(QWidget* parent)
    : QDialog(parent),
      m_format(new QComboBox),
      m_path(new QLineEdit),
      m_name(new QLineEdit),
      m_deviceKind(optionalChoice({QStringLiteral("cpu"), QStringLiteral("cuda"), QStringLiteral("hpu")})),
      m_deviceName(new QLineEdit),
      m_deviceCount(optionalNumber(0, 4096)),
      m_model(new QLineEdit),
      m_batchSize(optionalNumber(0, 1 << 20)),
      m_workers(optionalNumber(-1, 256)),
      m_precision(optionalChoice({QStringLiteral("fp32"), QStringLiteral("bf16"), QStringLiteral("fp16")})),
      m_runFields(new QWidget),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel)) {
    setWindowTitle(tr("Import runs"));
    m_format->addItem(tr("Hugging Face Trainer output folder"), static_cast<int>(Format::Trainer));
    m_format->addItem(tr("TensorBoard event files"), static_cast<int>(Format::TensorBoard));
    m_format->addItem(tr("CSV table"), static_cast<int>(Format::Csv));
    m_format->addItem(tr("BridgeBench database"), static_cast<int>(Format::Database));
    m_path->setObjectName("importPath");
    m_deviceName->setPlaceholderText(tr("e.g. H100, Gaudi2, A100 80GB"));
    m_model->setPlaceholderText(tr("a preset, a Hugging Face id or a config.json"));
    m_name->setPlaceholderText(tr("the folder's or file's name"));
    auto* browse = new QPushButton(tr("Browse…"));

    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    auto* top = new QFormLayout;
    top->addRow(tr("Read"), m_format);
    top->addRow(tr("From"), pathRow);
    auto* fields = new QFormLayout(m_runFields);
    fields->setContentsMargins(0, 0, 0, 0);
    fields->addRow(tr("Name"), m_name);
    fields->addRow(tr("Device kind"), m_deviceKind);
    fields->addRow(tr("Device name"), m_deviceName);
    fields->addRow(tr("Devices"), m_deviceCount);
    fields->addRow(tr("Model"), m_model);
    fields->addRow(tr("Batch size per device"), m_batchSize);
    fields->addRow(tr("Loader workers"), m_workers);
    fields->addRow(tr("Precision"), m_precision);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_runFields);
    layout->addWidget(m_buttons);

    connect(browse, &QPushButton::clicked, this, &ImportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ImportDialog::updateState);
    connect(m_path, &QLineEdit::textChanged, this, &ImportDialog::updateState);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateState();
    // Room for a path and the hints in full; the path is what one types first.
    setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 40);
    m_path->setFocus();
}

void ImportDialog::setFormat(Format format) { m_format->setCurrentIndex(m_format->findData(static_cast<int>(format))); }

void ImportDialog::setPath(const QString& path) { m_path->setText(path); }

ImportRequest ImportDialog::request() const {
    ImportRequest request;
    request.format = static_cast<Format>(m_format->currentData().toInt());
    request.path = m_path->text().trimmed();
    ImportOptions& options = request.options;
    options.name = m_name->text().trimmed().toStdString();
    options.deviceKind = m_deviceKind->currentData().toString().toStdString();
    options.deviceName = m_deviceName->text().trimmed().toStdString();
    if (m_deviceCount->value() > 0) options.deviceCount = m_deviceCount->value();
    options.model = m_model->text().trimmed().toStdString();
    if (m_batchSize->value() > 0) options.batchSize = m_batchSize->value();
    if (m_workers->value() >= 0) options.workers = m_workers->value();
    options.precision = m_precision->currentData().toString().toStdString();
    // The warnings and provenance name these fields, not the CLI's flags.
    const auto field = [](const QString& label) { return tr("“%1” in the import dialog").arg(label).toStdString(); };
    options.names.device = tr("“Device kind” and “Device name” in the import dialog").toStdString();
    options.names.deviceCount = field(tr("Devices"));
    options.names.model = field(tr("Model"));
    options.names.batchSize = field(tr("Batch size per device"));
    options.names.workers = field(tr("Loader workers"));
    options.names.precision = field(tr("Precision"));
    return request;
}

void ImportDialog::browse() {
    const auto format = static_cast<Format>(m_format->currentData().toInt());
    QString chosen;
    if (format == Format::Trainer || format == Format::TensorBoard)
        chosen = QFileDialog::getExistingDirectory(this, m_format->currentText(), m_path->text());
    else
        chosen = QFileDialog::getOpenFileName(this, m_format->currentText(), m_path->text(),
                                              format == Format::Csv ? tr("CSV (*.csv)") : tr("Databases (*.db *.sqlite)"));
    if (!chosen.isEmpty()) m_path->setText(chosen);
}

void ImportDialog::updateState() {
    // Another database's runs carry their own configs.
    m_runFields->setEnabled(static_cast<Format>(m_format->currentData().toInt()) != Format::Database);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_path->text().trimmed().isEmpty());
}

}  // namespace bb::ui
