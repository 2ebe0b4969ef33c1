#include "widgets/run_form.h"

#include <QFormLayout>
#include <QSpinBox>

namespace bb::ui {

namespace {

QString helpFor(std::string_view key) {
    for (const auto& info : runConfigKeys())
        if (info.key == key) return QString::fromUtf8(info.help.data(), static_cast<qsizetype>(info.help.size()));
    return {};
}

}  // namespace

RunForm::RunForm(QWidget* parent) : QWidget(parent), m_steps(new QSpinBox(this)), m_batchSize(new QSpinBox(this)) {
    m_steps->setObjectName("steps");
    m_steps->setRange(1, 1'000'000);
    m_steps->setToolTip(helpFor("steps"));
    m_batchSize->setObjectName("batch_size");
    m_batchSize->setRange(1, 65'536);
    m_batchSize->setToolTip(helpFor("batch_size"));

    auto* layout = new QFormLayout(this);
    layout->addRow(tr("Steps"), m_steps);
    layout->addRow(tr("Batch size"), m_batchSize);
    setConfig(RunConfig{});
}

RunConfig RunForm::config() const {
    RunConfig config = m_base;
    config.steps = m_steps->value();
    config.batchSize = m_batchSize->value();
    return config;
}

void RunForm::setConfig(const RunConfig& config) {
    m_base = config;
    m_steps->setValue(static_cast<int>(config.steps));
    m_batchSize->setValue(static_cast<int>(config.batchSize));
}

}  // namespace bb::ui
