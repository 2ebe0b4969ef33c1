// A fresh Debian 12 machine has no CJK font, and the zh_TW translation showed there as boxes,
// its menu entry too. ctest runs this suite as FontCoverage.WithDejaVuAlone, with FONTCONFIG_FILE
// naming tests/data/fontconfig-dejavu-only.conf, so that it sees that machine wherever it runs.
#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QMenuBar>

#include <gtest/gtest.h>

#include "i18n/translations.h"
#include "support/temp_dir.h"
#include "widgets/main_window.h"
#include "runs_read.h"

namespace bb {
namespace {

QAction* languageAction(ui::MainWindow& window, const QString& localeName) {
    for (QAction* top : window.menuBar()->actions())
        for (QMenu* menu : top->menu() ? top->menu()->findChildren<QMenu*>() : QList<QMenu*>{})
            for (QAction* action : menu->actions())
                if (action->isCheckable() && action->data().toString() == localeName) return action;
    return nullptr;
}

TEST(FontCoverage, ALanguageNoFontCanShowFallsBackToEnglishAndTheMenuSaysWhy) {
    ASSERT_TRUE(qEnvironmentVariable("FONTCONFIG_FILE").endsWith("fontconfig-dejavu-only.conf"))
        << "run through ctest (FontCoverage.WithDejaVuAlone)";
    EXPECT_TRUE(ui::hasFontFor(QLocale(QLocale::English)));
    ASSERT_FALSE(ui::hasFontFor(QLocale(QStringLiteral("zh_TW"))));

    ui::setLanguageSetting(QStringLiteral("zh_TW"));
    const QString note = ui::installChosenTranslations();
    EXPECT_TRUE(note.contains("fonts-noto-cjk")) << note.toStdString();
    EXPECT_TRUE(note.contains("English")) << note.toStdString();
    // English, where the translation would give 執行(&R).
    EXPECT_EQ(QCoreApplication::translate("bb::ui::RunPanel", "&Run").toStdString(), "&Run");

    test::TempDir dir;
    ui::MainWindow window(QString::fromStdString(dir.file("gui.db").string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    QAction* chinese = languageAction(window, QStringLiteral("zh_TW"));
    ASSERT_NE(chinese, nullptr);
    EXPECT_FALSE(chinese->isEnabled());
    EXPECT_TRUE(chinese->text().contains("Chinese")) << chinese->text().toStdString();
    for (const QChar letter : chinese->text()) EXPECT_LT(letter.unicode(), 0x2000) << chinese->text().toStdString();
    QAction* english = languageAction(window, QStringLiteral("en"));
    ASSERT_NE(english, nullptr);
    EXPECT_TRUE(english->isEnabled());

    ui::setLanguageSetting(QString());
    ui::installTranslations(QLocale(QLocale::English));
}

}  // namespace
}  // namespace bb
