#include "widgets/config_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include <climits>

#include "bridgebench/errors.h"
#include "models/config_key_text.h"

namespace bb::ui {

namespace {

// Suggested values for free-text keys; the user may still type anything core accepts.
QStringList suggestionsFor(const std::string& key) {
    if (key == "model") {
        QStringList names;
        for (const auto& name : modelPresetNames()) names.append(QString::fromStdString(name));
        return names;
    }
    if (key == "precision") return {"fp32", "bf16", "fp16"};
    if (key == "device") return {"cpu", "cuda:0"};
    if (key == "dataset") return {"synthetic", "synthetic-tensors"};
    if (key == "interpolation") return {"bicubic", "bilinear"};
    if (key == "backend") return {"auto", "gloo", "nccl"};
    if (key == "optimizer_kernel") return {"auto", "fused", "foreach"};
    if (key == "timeline") return {"sampled", "all", "off"};
    return {};
}

QString formatNumber(double value) { return QString::number(value, 'g', 12); }

// What 0 means for the integer keys where it is not a count: "Caption tokens 0" read as captions
// of no tokens. The form still reads and writes 0.
QString zeroMeaning(const std::string& key) {
    if (key == "text_length") return ConfigForm::tr("model's own");
    if (key == "threads") return ConfigForm::tr("choose");
    return {};
}

}  // namespace

ConfigForm::ConfigForm(QWidget* parent) : QWidget(parent), m_message(new QLabel(this)) {
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const nlohmann::json defaults = toJson(RunConfig{});
    for (const auto& info : runConfigKeys()) {
        const std::string key(info.key);
        const nlohmann::json value = defaults.contains(key) ? defaults.at(key) : nlohmann::json();
        Editor editor{key, value.type(), makeEditor(key, value), nullptr};
        const QString qKey = QString::fromStdString(key);
        editor.widget->setObjectName(qKey);
        // The stable key name in the tooltip helps users of the CLI and of config files.
        editor.widget->setToolTip(QStringLiteral("<b>%1</b><br>%2").arg(qKey, configKeyHelp(info.key).toHtmlEscaped()));
        editor.label = new QLabel(configKeyLabel(info.key), this);
        editor.label->setToolTip(editor.widget->toolTip());
        editor.label->setBuddy(editor.widget);
        form->addRow(editor.label, editor.widget);
        m_editors.push_back(editor);
    }
    m_message->setObjectName("configMessage");
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_message);
    setConfig(RunConfig{});
}

QWidget* ConfigForm::makeEditor(const std::string& key, const nlohmann::json& defaultValue) {
    QWidget* widget = nullptr;
    if (defaultValue.is_boolean()) {
        auto* box = new QCheckBox(this);
        connect(box, &QCheckBox::toggled, this, &ConfigForm::revalidate);
        widget = box;
    } else if (defaultValue.is_number_integer()) {
        // Negative values are never valid for any integer key; the range check is core's.
        auto* box = new QSpinBox(this);
        box->setRange(0, INT_MAX);
        box->setSpecialValueText(zeroMeaning(key));
        box->setAccelerated(true);
        connect(box, &QSpinBox::valueChanged, this, &ConfigForm::revalidate);
        widget = box;
    } else if (const QStringList suggestions = suggestionsFor(key); !suggestions.isEmpty()) {
        auto* box = new QComboBox(this);
        box->setEditable(true);
        box->addItems(suggestions);
        box->setInsertPolicy(QComboBox::NoInsert);
        connect(box, &QComboBox::currentTextChanged, this, &ConfigForm::revalidate);
        widget = box;
    } else {
        // Strings, floating-point numbers and (for keys core may add) nested JSON values.
        auto* edit = new QLineEdit(this);
        edit->setClearButtonEnabled(defaultValue.is_string());
        connect(edit, &QLineEdit::textChanged, this, &ConfigForm::revalidate);
        widget = edit;
    }
    return widget;
}

nlohmann::json ConfigForm::readEditor(const Editor& editor) const {
    using Type = nlohmann::json::value_t;
    if (auto* box = qobject_cast<QCheckBox*>(editor.widget)) return box->isChecked();
    if (auto* box = qobject_cast<QSpinBox*>(editor.widget)) return static_cast<std::int64_t>(box->value());
    if (auto* box = qobject_cast<QComboBox*>(editor.widget)) return box->currentText().trimmed().toStdString();
    const QString text = qobject_cast<QLineEdit*>(editor.widget)->text().trimmed();
    if (editor.type == Type::number_float || editor.type == Type::number_unsigned) {
        bool ok = false;
        const double value = text.toDouble(&ok);
        if (!ok) throw ConfigError(editor.key, "expected a number, got '" + text.toStdString() + "'");
        return value;
    }
    if (editor.type == Type::object || editor.type == Type::array) {
        auto value = nlohmann::json::parse(text.toStdString(), nullptr, /*allow_exceptions=*/false);
        if (value.is_discarded()) throw ConfigError(editor.key, "expected JSON, got '" + text.toStdString() + "'");
        return value;
    }
    return text.toStdString();
}

void ConfigForm::writeEditor(const Editor& editor, const nlohmann::json& value) {
    if (auto* box = qobject_cast<QCheckBox*>(editor.widget)) {
        box->setChecked(value.is_boolean() && value.get<bool>());
    } else if (auto* box = qobject_cast<QSpinBox*>(editor.widget)) {
        const auto number = value.is_number() ? value.get<std::int64_t>() : 0;
        box->setValue(static_cast<int>(std::clamp<std::int64_t>(number, 0, INT_MAX)));
    } else if (auto* box = qobject_cast<QComboBox*>(editor.widget)) {
        box->setCurrentText(value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString());
    } else if (auto* edit = qobject_cast<QLineEdit*>(editor.widget)) {
        if (value.is_string())
            edit->setText(QString::fromStdString(value.get<std::string>()));
        else if (value.is_number())
            edit->setText(formatNumber(value.get<double>()));
        else
            edit->setText(QString::fromStdString(value.dump()));
    }
}

std::optional<RunConfig> ConfigForm::config() const {
    try {
        nlohmann::json object = nlohmann::json::object();
        for (const auto& editor : m_editors) object[editor.key] = readEditor(editor);
        RunConfig config = runConfigFromJson(object);
        validate(config);
        return config;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

void ConfigForm::setConfig(const RunConfig& config) {
    const nlohmann::json values = toJson(config);
    m_loading = true;
    for (const auto& editor : m_editors)
        if (values.contains(editor.key)) writeEditor(editor, values.at(editor.key));
    m_loading = false;
    revalidate();
}

QWidget* ConfigForm::editor(const QString& key) const {
    for (const auto& editor : m_editors)
        if (editor.key == key.toStdString()) return editor.widget;
    return nullptr;
}

QString ConfigForm::labelText(const QString& key) const {
    for (const auto& editor : m_editors)
        if (editor.key == key.toStdString()) return editor.label->text();
    return {};
}

void ConfigForm::revalidate() {
    if (m_loading) return;
    const bool wasValid = isValid();
    m_errorKey.clear();
    m_errorText.clear();
    try {
        nlohmann::json object = nlohmann::json::object();
        for (const auto& editor : m_editors) object[editor.key] = readEditor(editor);
        validate(runConfigFromJson(object));
    } catch (const ConfigError& error) {
        m_errorKey = QString::fromStdString(error.key());
        m_errorText = QString::fromStdString(error.what());
    } catch (const std::exception& error) {
        // Validation reads the file system (model and dataset paths); any failure there is
        // shown, never thrown out of this slot.
        m_errorText = QString::fromStdString(error.what());
    }
    for (const auto& editor : m_editors) {
        const bool atFault = !m_errorKey.isEmpty() && editor.key == m_errorKey.toStdString();
        editor.label->setStyleSheet(atFault ? QStringLiteral("color: #d32f2f; font-weight: bold") : QString());
    }
    m_message->setText(m_errorText);
    m_message->setStyleSheet(m_errorText.isEmpty() ? QString() : QStringLiteral("color: #d32f2f"));
    if (wasValid != isValid()) emit validityChanged(isValid());
}

}  // namespace bb::ui
