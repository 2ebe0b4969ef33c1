#include "i18n/translations.h"

#include <QCoreApplication>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace bb::ui {

namespace {

constexpr const char* kSettingKey = "language";

// Owned here for the application's lifetime; replaced when the language changes.
std::unique_ptr<QTranslator>& appTranslator() {
    static std::unique_ptr<QTranslator> translator;
    return translator;
}
std::unique_ptr<QTranslator>& qtTranslator() {
    static std::unique_ptr<QTranslator> translator;
    return translator;
}

void replace(std::unique_ptr<QTranslator>& slot, std::unique_ptr<QTranslator> next) {
    if (slot) QCoreApplication::removeTranslator(slot.get());
    slot = std::move(next);
    if (slot) QCoreApplication::installTranslator(slot.get());
}

}  // namespace

QString languageSetting() { return QSettings().value(kSettingKey).toString(); }

void setLanguageSetting(const QString& localeName) {
    if (localeName.isEmpty())
        QSettings().remove(kSettingKey);
    else
        QSettings().setValue(kSettingKey, localeName);
}

QStringList availableLanguages() { return {QStringLiteral("en"), QStringLiteral("zh_TW")}; }

QString languageDisplayName(const QString& localeName) {
    const QLocale locale(localeName);
    QString name = locale.nativeLanguageName();
    if (locale.territory() != QLocale::AnyTerritory && localeName.contains('_'))
        name += QStringLiteral(" (%1)").arg(locale.nativeTerritoryName());
    return name;
}

QLocale chosenLocale() {
    const QString setting = languageSetting();
    return setting.isEmpty() ? QLocale::system() : QLocale(setting);
}

bool installTranslations(const QLocale& locale) {
    auto app = std::make_unique<QTranslator>();
    const bool found = locale.language() != QLocale::English &&
                       app->load(locale, QStringLiteral("bridgebench"), QStringLiteral("_"), QStringLiteral(":/i18n"));
    replace(appTranslator(), found ? std::move(app) : nullptr);
    // Qt's own strings (file dialogs, standard buttons), when the system has them.
    auto qt = std::make_unique<QTranslator>();
    const bool qtFound = found && qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                                           QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    replace(qtTranslator(), qtFound ? std::move(qt) : nullptr);
    return found;
}

bool hasFontFor(const QLocale& locale) {
    QFontDatabase::WritingSystem system;
    switch (locale.script()) {
    case QLocale::TraditionalHanScript: system = QFontDatabase::TraditionalChinese; break;
    case QLocale::SimplifiedHanScript: system = QFontDatabase::SimplifiedChinese; break;
    // The source strings' script; scripts/packages.txt installs fonts-dejavu-core.
    default: return true;
    }
    return !QFontDatabase::families(system).isEmpty();
}

QString missingFontNote(const QString& localeName) {
    const QLocale locale(localeName);
    if (hasFontFor(locale)) return {};
    // In English and Latin letters: the language's own name would show as boxes too.
    return QStringLiteral("%1 (%2): no installed font has its characters (Debian: apt install fonts-noto-cjk)")
        .arg(QLocale::languageToString(locale.language()), QLocale::territoryToString(locale.territory()));
}

QString installChosenTranslations() {
    const QLocale chosen = chosenLocale();
    if (chosen.language() != QLocale::English && !hasFontFor(chosen)) {
        installTranslations(QLocale(QLocale::English));
        return missingFontNote(chosen.name()) + QStringLiteral(", so BridgeBench shows English");
    }
    installTranslations(chosen);
    return {};
}

}  // namespace bb::ui
