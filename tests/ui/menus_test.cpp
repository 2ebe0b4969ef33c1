// The window's menus and their keys. F5 from the Compare tab a new database opens on once
// started a run that nothing on screen showed; Pause and Cancel stayed enabled with no run; and
// the Delete key on the Run tab asked to delete runs selected out of sight on the Runs tab.
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QMimeData>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

#include <map>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"
#include "support/stored_cpu_run.h"
#include "support/temp_dir.h"
#include "widgets/config_form.h"
#include "widgets/main_window.h"
#include "widgets/run_panel.h"
#include "widgets/runs_browser.h"
#include "runs_read.h"

namespace bb {
namespace {

QAction* menuAction(ui::MainWindow& window, const QKeySequence& key) {
    for (QAction* top : window.menuBar()->actions()) {
        if (!top->menu()) continue;
        for (QAction* action : top->menu()->actions())
            if (action->shortcut() == key) return action;
    }
    return nullptr;
}

// The letter Alt selects in a widget's or menu's text ("&Run" -> 'r'), or 0.
QChar mnemonic(const QString& text) {
    for (qsizetype at = 0; at + 1 < text.size(); ++at) {
        if (text[at] != '&') continue;
        if (text[at + 1] == '&') {
            ++at;
            continue;
        }
        return text[at + 1].toLower();
    }
    return {};
}

TEST(RunMenu, F5FromTheCompareTabStartsARunAndShowsItsTab) {
    test::TempDir dir;
    ui::MainWindow window(QString::fromStdString(dir.file("fresh.db").string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    ASSERT_EQ(window.tabs()->currentIndex(), ui::MainWindow::CompareTab);
    qobject_cast<QSpinBox*>(window.runPanel()->form()->editor("steps"))->setValue(1'000'000);
    qobject_cast<QSpinBox*>(window.runPanel()->form()->editor("batch_size"))->setValue(1);

    QAction* run = menuAction(window, QKeySequence(Qt::Key_F5));
    QAction* pause = menuAction(window, QKeySequence(Qt::Key_F6));
    QAction* cancel = menuAction(window, QKeySequence(Qt::SHIFT | Qt::Key_F5));
    ASSERT_TRUE(run && pause && cancel);
    EXPECT_TRUE(run->isEnabled());
    EXPECT_FALSE(pause->isEnabled()) << "Pause with no run";
    EXPECT_FALSE(cancel->isEnabled()) << "Cancel with no run";

    QSignalSpy finished(window.engine(), &ui::EngineBridge::runFinished);
    QTest::keyClick(&window, Qt::Key_F5);
    ASSERT_TRUE(window.engine()->isRunning());
    EXPECT_EQ(window.tabs()->currentIndex(), ui::MainWindow::RunTab);
    EXPECT_FALSE(run->isEnabled());
    EXPECT_TRUE(cancel->isEnabled());
    ASSERT_TRUE(pause->isEnabled());

    QTest::keyClick(&window, Qt::Key_F6);
    EXPECT_EQ(pause->text().toStdString(), window.findChild<QPushButton*>("pause")->text().toStdString());
    EXPECT_NE(mnemonic(pause->text()), 'p') << "the menu says Pause while the run is paused";
    QTest::keyClick(&window, Qt::Key_F5, Qt::ShiftModifier);
    ASSERT_TRUE(finished.count() > 0 || finished.wait(60'000));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    EXPECT_EQ(finished.first().at(1).toString(), "cancelled");
    EXPECT_TRUE(run->isEnabled());
    EXPECT_FALSE(pause->isEnabled());
    EXPECT_FALSE(cancel->isEnabled());
    EXPECT_EQ(mnemonic(pause->text()), 'p');
}

TEST(RunMenu, F5WithSettingsTheFormRefusesShowsTheReasonOnTheRunTab) {
    test::TempDir dir;
    ui::MainWindow window(QString::fromStdString(dir.file("fresh.db").string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    qobject_cast<QSpinBox*>(window.runPanel()->form()->editor("batch_size"))->setValue(0);
    ASSERT_EQ(window.tabs()->currentIndex(), ui::MainWindow::CompareTab);
    QTest::keyClick(&window, Qt::Key_F5);
    EXPECT_FALSE(window.engine()->isRunning());
    EXPECT_EQ(window.tabs()->currentIndex(), ui::MainWindow::RunTab);
    EXPECT_TRUE(window.runPanel()->message().contains("batch_size")) << window.runPanel()->message().toStdString();
}

TEST(RunMenu, TheRunButtonNamesTheKeyThatStartsARun) {
    test::TempDir dir;
    ui::MainWindow window(QString::fromStdString(dir.file("gui.db").string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    const QString key = QKeySequence(Qt::Key_F5).toString(QKeySequence::NativeText);
    ASSERT_EQ(menuAction(window, QKeySequence(Qt::Key_F5)), window.runPanel()->runAction());
    EXPECT_TRUE(window.findChild<QPushButton*>("run")->toolTip().contains("(" + key + ")"))
        << window.findChild<QPushButton*>("run")->toolTip().toStdString();
}

// Two widgets with one Alt letter in a window: Qt activates neither, and Alt+R moved the focus
// between the Run menu and the Run button instead of opening the menu.
TEST(RunMenu, NoTwoAltLettersOfTheRunTabAndTheMenuBarClash) {
    test::TempDir dir;
    ui::MainWindow window(QString::fromStdString(dir.file("gui.db").string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    window.tabs()->setCurrentIndex(ui::MainWindow::RunTab);
    window.show();
    std::map<QChar, QString> owners;
    const auto claim = [&](const QString& text) {
        const QChar letter = mnemonic(text);
        if (letter.isNull()) return;
        const auto [at, fresh] = owners.emplace(letter, text);
        EXPECT_TRUE(fresh) << "Alt+" << QString(letter).toStdString() << ": \"" << at->second.toStdString()
                           << "\" and \"" << text.toStdString() << "\"";
    };
    for (QAction* top : window.menuBar()->actions()) claim(top->text());
    for (int tab = 0; tab < window.tabs()->count(); ++tab) claim(window.tabs()->tabText(tab));
    QWidget* runTab = window.tabs()->widget(ui::MainWindow::RunTab);
    for (auto* button : runTab->findChildren<QAbstractButton*>())
        if (button->isVisibleTo(&window)) claim(button->text());
    for (auto* label : runTab->findChildren<QLabel*>())
        if (label->buddy() && label->isVisibleTo(&window)) claim(label->text());
    EXPECT_GE(owners.size(), 5u) << "the menu bar's letters at least";
}

TEST(WindowMenus, ChartAndTableActionsFollowTheTabInView) {
    test::TempDir dir;
    ui::MainWindow window(QString::fromStdString(dir.file("gui.db").string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    QAction* exportChart = menuAction(window, QKeySequence(Qt::CTRL | Qt::Key_E));
    QAction* exportTable = menuAction(window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    QAction* copyChart = menuAction(window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QAction* copyTable = menuAction(window, QKeySequence::Copy);
    QAction* deleteRuns = menuAction(window, QKeySequence::Delete);
    ASSERT_TRUE(exportChart && exportTable && copyChart && copyTable && deleteRuns);
    struct Expected {
        int tab;
        bool chart, table, deletes;
    };
    for (const auto& [tab, chart, table, deletes] : {Expected{ui::MainWindow::RunTab, true, false, false},
                                                     Expected{ui::MainWindow::RunsTab, false, true, true},
                                                     Expected{ui::MainWindow::CompareTab, true, true, false}}) {
        window.tabs()->setCurrentIndex(tab);
        SCOPED_TRACE(window.tabs()->tabText(tab).toStdString());
        EXPECT_EQ(exportChart->isEnabled(), chart);
        EXPECT_EQ(copyChart->isEnabled(), chart);
        EXPECT_EQ(exportTable->isEnabled(), table);
        EXPECT_EQ(copyTable->isEnabled(), table);
        EXPECT_EQ(deleteRuns->isEnabled(), deletes);
    }
}

// Edit > Copy table (Ctrl+C) copied the whole table, the study's sixteen rows too, when two
// runs were selected: as a spreadsheet does, it copies the rows selected, and the whole table
// only when none is.
TEST(WindowMenus, CopyTableCopiesTheSelectedRows) {
    test::TempDir dir;
    const auto db = dir.file("gui.db");
    ui::MainWindow window(QString::fromStdString(db.string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    QVector<qint64> ids;
    for (const char* name : {"first", "second", "third"}) ids.append(test::storeCompletedCpuRun(db, name, 0));
    ASSERT_TRUE(window.openDatabase(QString::fromStdString(db.string())));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    window.tabs()->setCurrentIndex(ui::MainWindow::RunsTab);
    QAction* copyTable = menuAction(window, QKeySequence::Copy);
    ASSERT_NE(copyTable, nullptr);
    const int allRows = window.runsBrowser()->view()->model()->rowCount();
    ASSERT_GE(allRows, 3);

    window.runsBrowser()->selectRuns({ids[0], ids[2]});
    copyTable->trigger();
    QStringList lines = QApplication::clipboard()->text().split("\r\n", Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 3) << QApplication::clipboard()->text().toStdString();
    EXPECT_TRUE(lines[0].startsWith("Name")) << lines[0].toStdString();
    EXPECT_TRUE(lines[1].startsWith("first,") || lines[1].startsWith("third,")) << lines[1].toStdString();
    EXPECT_TRUE(lines[2].startsWith("first,") || lines[2].startsWith("third,")) << lines[2].toStdString();
    EXPECT_NE(lines[1], lines[2]);
    const QString markdown = QString::fromUtf8(QApplication::clipboard()->mimeData()->data("text/markdown"));
    EXPECT_EQ(markdown.count('\n'), 4) << markdown.toStdString();  // header, rule, two rows

    window.runsBrowser()->selectRuns({});
    copyTable->trigger();
    lines = QApplication::clipboard()->text().split("\r\n", Qt::SkipEmptyParts);
    EXPECT_EQ(lines.size(), allRows + 1);
}

TEST(WindowMenus, TheDeleteKeyDeletesSelectedRunsOnlyWhereTheyAreInView) {
    test::TempDir dir;
    const auto db = dir.file("gui.db");
    ui::MainWindow window(QString::fromStdString(db.string()));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    const qint64 runId = test::storeCompletedCpuRun(db, "mine", 1);
    ASSERT_TRUE(window.openDatabase(QString::fromStdString(db.string())));
    ASSERT_TRUE(test::waitForRuns(*window.store()));
    QStringList asked;
    window.runsBrowser()->setConfirmation([&](const QString& question) {
        asked.append(question);
        return false;
    });
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    window.tabs()->setCurrentIndex(ui::MainWindow::RunsTab);
    window.runsBrowser()->selectRuns({runId});
    ASSERT_EQ(window.runsBrowser()->selectedRunIds().size(), 1);

    window.tabs()->setCurrentIndex(ui::MainWindow::RunTab);
    // A check box: a line edit or spin box takes Delete for itself.
    QWidget* transforms = window.runPanel()->form()->editor("device_transforms");
    transforms->setFocus();
    QTest::keyClick(transforms, Qt::Key_Delete);
    EXPECT_TRUE(asked.isEmpty()) << asked.join(' ').toStdString();

    window.tabs()->setCurrentIndex(ui::MainWindow::RunsTab);
    window.runsBrowser()->view()->setFocus();
    QTest::keyClick(window.runsBrowser()->view(), Qt::Key_Delete);
    ASSERT_EQ(asked.size(), 1);
    EXPECT_TRUE(asked.front().contains("mine"));
}

}  // namespace
}  // namespace bb
