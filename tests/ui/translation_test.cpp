// The zh_TW translation is complete: every user-visible string in ui/ (as lupdate finds it in
// the current sources) has a finished translation with the same placeholders, and the
// compiled translation really changes what the window shows.
#include <QDialogButtonBox>
#include <QFile>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <map>
#include <set>

#include <gtest/gtest.h>

#include "i18n/translations.h"
#include "support/temp_dir.h"
#include "widgets/main_window.h"
#include "runs_read.h"

namespace bb {
namespace {

struct Message {
    QString translation;
    bool finished = false;
};
using Catalogue = std::map<std::pair<QString, QString>, Message>;  // (context, source) → translation

Catalogue readTs(const QString& path) {
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    QXmlStreamReader xml(&file);
    Catalogue catalogue;
    QString context, source;
    Message message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == u"name") {
            context = xml.readElementText();
        } else if (xml.name() == u"source") {
            source = xml.readElementText();
        } else if (xml.name() == u"translation") {
            const auto type = xml.attributes().value("type");
            message.finished = type != u"unfinished" && type != u"vanished" && type != u"obsolete";
            message.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            message.finished = message.finished && !message.translation.trimmed().isEmpty();
            catalogue[{context, source}] = message;
        }
    }
    EXPECT_FALSE(xml.hasError()) << path.toStdString() << ": " << xml.errorString().toStdString();
    return catalogue;
}

std::multiset<QString> placeholders(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("%(L?\\d+|n|v|m|p)"));
    std::multiset<QString> found;
    for (auto match = pattern.globalMatch(text); match.hasNext();) found.insert(match.next().captured());
    return found;
}

const QString kCommitted = QStringLiteral(BB_SOURCE_DIR "/translations/bridgebench_zh_TW.ts");

TEST(Translations, EveryUiStringHasAFinishedZhTwTranslation) {
    test::TempDir dir;
    const QString fresh = QString::fromStdString(dir.file("fresh_zh_TW.ts").string());
    QProcess lupdate;
    lupdate.start(QStringLiteral(BB_LUPDATE_PATH),
                  {QStringLiteral(BB_SOURCE_DIR "/ui"), QStringLiteral("-ts"), fresh, QStringLiteral("-silent")});
    ASSERT_TRUE(lupdate.waitForFinished(120'000));
    ASSERT_EQ(lupdate.exitCode(), 0) << lupdate.readAllStandardError().toStdString();

    const Catalogue sources = readTs(fresh);
    const Catalogue committed = readTs(kCommitted);
    ASSERT_GT(sources.size(), 100u) << "lupdate found the UI's strings";
    std::string missing;
    for (const auto& [key, unused] : sources) {
        const auto found = committed.find(key);
        if (found == committed.end() || !found->second.finished)
            missing += "\n  [" + key.first.toStdString() + "] " + key.second.toStdString();
    }
    EXPECT_TRUE(missing.empty()) << "strings without a zh_TW translation (run the update_translations target, then "
                                    "translate):"
                                 << missing;
}

TEST(Translations, TranslationsKeepEveryPlaceholder) {
    for (const auto& [key, message] : readTs(kCommitted)) {
        if (!message.finished) continue;
        EXPECT_EQ(placeholders(key.second), placeholders(message.translation))
            << "[" << key.first.toStdString() << "] " << key.second.toStdString();
    }
}

TEST(Translations, ChineseChangesWhatTheWindowShowsAndEnglishRestoresIt) {
    test::TempDir dir;
    const QString db = QString::fromStdString(dir.file("i18n.db").string());
    ASSERT_TRUE(ui::installTranslations(QLocale(QLocale::Chinese, QLocale::Taiwan)));
    QString fileMenu;
    {
        ui::MainWindow window(db);
        ASSERT_TRUE(test::waitForRuns(*window.store()));
        fileMenu = window.menuBar()->actions().front()->text();
    }
    EXPECT_NE(fileMenu, QStringLiteral("&File"));
    EXPECT_TRUE(fileMenu.contains(QStringLiteral("(&F)"))) << fileMenu.toStdString();

    EXPECT_FALSE(ui::installTranslations(QLocale(QLocale::English)));
    ui::MainWindow english(db);
    EXPECT_EQ(english.menuBar()->actions().front()->text(), QStringLiteral("&File"));
}

// Qt's own words (standard buttons, the file dialogs' labels) come from Debian's
// qt6-translations-l10n (scripts/packages.txt); without it a Chinese window's Save and Cancel
// stay English.
TEST(Translations, QtsOwnButtonsFollowTheLanguage) {
    ASSERT_TRUE(ui::installTranslations(QLocale(QLocale::Chinese, QLocale::Taiwan)));
    QString cancel;
    {
        QDialogButtonBox buttons(QDialogButtonBox::Cancel);
        cancel = buttons.button(QDialogButtonBox::Cancel)->text();
    }
    EXPECT_FALSE(cancel.contains(QStringLiteral("Cancel"))) << cancel.toStdString();
    EXPECT_FALSE(ui::installTranslations(QLocale(QLocale::English)));
    QDialogButtonBox english(QDialogButtonBox::Cancel);
    EXPECT_TRUE(english.button(QDialogButtonBox::Cancel)->text().contains(QStringLiteral("Cancel")));
}

TEST(Translations, TheLanguageChoiceIsRemembered) {
    EXPECT_TRUE(ui::languageSetting().isEmpty()) << "follows the system by default";
    ui::setLanguageSetting(QStringLiteral("zh_TW"));
    EXPECT_EQ(ui::chosenLocale().name(), QStringLiteral("zh_TW"));
    ui::setLanguageSetting(QString());
    EXPECT_EQ(ui::chosenLocale(), QLocale::system());
}

}  // namespace
}  // namespace bb
