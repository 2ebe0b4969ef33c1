// An editor for every RunConfig key, generated from core's key table (runConfigKeys() and the
// JSON form of the defaults), so keys the engine gains later appear without UI changes. Every
// edit is checked with core's own validate(); the key at fault is marked and explained inline.
#pragma once

#include <QWidget>

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bridgebench/run_config.h"

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace bb::ui {

class ConfigForm final : public QWidget {
    Q_OBJECT
public:
    explicit ConfigForm(QWidget* parent = nullptr);

    // The validated config, or nothing when a value is invalid (errorText() says why).
    std::optional<RunConfig> config() const;
    void setConfig(const RunConfig& config);
    bool isValid() const { return m_errorKey.isEmpty() && m_errorText.isEmpty(); }
    // The key the last validation blamed ("" when valid, or when no single key is at fault).
    QString errorKey() const { return m_errorKey; }
    QString errorText() const { return m_errorText; }
    // The editor of a key (tests, focus on error); nullptr for unknown keys.
    QWidget* editor(const QString& key) const;
    QString labelText(const QString& key) const;

signals:
    void validityChanged(bool valid);

private:
    struct Editor {
        std::string key;
        nlohmann::json::value_t type;
        QWidget* widget = nullptr;
        QLabel* label = nullptr;
    };
    QWidget* makeEditor(const std::string& key, const nlohmann::json& defaultValue);
    // Reads one editor as JSON; throws ConfigError naming the key when the text is not a value.
    nlohmann::json readEditor(const Editor& editor) const;
    void writeEditor(const Editor& editor, const nlohmann::json& value);
    void revalidate();

    std::vector<Editor> m_editors;
    QLabel* m_message;
    QString m_errorKey;
    QString m_errorText;
    bool m_loading = false;
};

}  // namespace bb::ui
