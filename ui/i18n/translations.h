// The UI's languages: English source strings and the Traditional Chinese (zh_TW) translation
// compiled into the binary (translations/*.ts → :/i18n/*.qm). The choice is the user's
// (View > Language, stored in QSettings) or, by default, the system locale.
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

namespace bb::ui {

// Settings value: "" follows the system; else a locale name ("en", "zh_TW").
QString languageSetting();
void setLanguageSetting(const QString& localeName);

// Locale names with a translation, English (the source language) first.
QStringList availableLanguages();
// "English", "繁體中文 (台灣)": each language in its own words, for the menu.
QString languageDisplayName(const QString& localeName);

// Installs the app's (and Qt's own, when Debian ships it) translation for `locale` on the
// application, replacing any installed before. Returns false when the app has none for it
// (English then shows, as the source strings are English).
bool installTranslations(const QLocale& locale);
// The locale the settings ask for.
QLocale chosenLocale();

// Whether an installed font has the characters of the locale's script. Without one a
// translation shows as boxes: Debian 12 installs no CJK font unless asked (fonts-noto-cjk).
bool hasFontFor(const QLocale& locale);
// At start: installs the chosen locale's translations, or English where no font has its
// characters, and then returns why (empty when the chosen language shows).
QString installChosenTranslations();
// Why a language cannot show (empty when it can), in English, for the Language menu.
QString missingFontNote(const QString& localeName);

}  // namespace bb::ui
