#include "widgets/run_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <gtest/gtest.h>

#include "adapters/engine_bridge.h"
#include "bridgebench/run_config.h"
#include "i18n/translations.h"
#include "support/temp_dir.h"
#include "widgets/config_form.h"

namespace bb::ui {
namespace {

struct PanelFixture {
    test::TempDir dir;
    EngineBridge engine;
    RunPanel panel{engine, [this] { return QString::fromStdString(dir.file("panel.db").string()); }};
};

TEST(RunPanel, HasAnEditorWithCoresHelpForEveryConfigKey) {
    PanelFixture fixture;
    for (const auto& info : runConfigKeys()) {
        const QString key = QString::fromUtf8(info.key.data(), static_cast<qsizetype>(info.key.size()));
        QWidget* editor = fixture.panel.form()->editor(key);
        ASSERT_NE(editor, nullptr) << key.toStdString();
        const QString help = QString::fromUtf8(info.help.data(), static_cast<qsizetype>(info.help.size()));
        EXPECT_TRUE(editor->toolTip().contains(help.toHtmlEscaped())) << key.toStdString();
        EXPECT_TRUE(editor->toolTip().contains(key)) << key.toStdString();
    }
}

// "Caption tokens 0" read as captions of no tokens: where 0 means "choose for me", the field
// says so, and the config still holds 0.
TEST(RunPanel, ZeroSaysWhatItMeansWhereItIsNotACount) {
    PanelFixture fixture;
    auto* textLength = qobject_cast<QSpinBox*>(fixture.panel.form()->editor("text_length"));
    auto* threads = qobject_cast<QSpinBox*>(fixture.panel.form()->editor("threads"));
    auto* workers = qobject_cast<QSpinBox*>(fixture.panel.form()->editor("workers"));
    ASSERT_TRUE(textLength && threads && workers);
    EXPECT_EQ(textLength->value(), 0);
    EXPECT_EQ(textLength->text(), "model's own");
    EXPECT_EQ(threads->text(), "choose");
    EXPECT_EQ(workers->text(), "0");  // the training thread loads: a count of workers
    textLength->setValue(128);
    EXPECT_EQ(textLength->text(), "128");
    const auto config = fixture.panel.form()->config();
    ASSERT_TRUE(config);
    EXPECT_EQ(config->textLength, 128);
    EXPECT_EQ(config->threads, 0);
}

TEST(RunPanel, DefaultsRoundTripThroughTheForm) {
    PanelFixture fixture;
    const auto config = fixture.panel.form()->config();
    ASSERT_TRUE(config);
    EXPECT_EQ(toJson(*config), toJson(RunPanel::preset("defaults")));
    // The study's model (BridgeTower, smallest preset) on JPEGs the loader decodes; mini-clip
    // stays one preset away.
    EXPECT_EQ(config->model, "tiny");
    EXPECT_EQ(config->dataset, "synthetic");
    EXPECT_EQ(RunPanel::preset("smoke").model, "mini-clip");
    EXPECT_TRUE(RunPanel::presetKeys().contains("smoke"));
}

TEST(RunPanel, InvalidValueNamesTheKeyAndDisablesRun) {
    PanelFixture fixture;
    auto* run = fixture.panel.findChild<QPushButton*>("run");
    ASSERT_TRUE(run->isEnabled());
    qobject_cast<QSpinBox*>(fixture.panel.form()->editor("batch_size"))->setValue(0);
    EXPECT_EQ(fixture.panel.form()->errorKey(), "batch_size");
    EXPECT_TRUE(fixture.panel.form()->errorText().contains("batch_size"));
    EXPECT_FALSE(run->isEnabled());
    EXPECT_FALSE(fixture.panel.form()->config());
    EXPECT_TRUE(fixture.panel.findChild<QLabel*>("configMessage")->text().contains("batch_size"));

    qobject_cast<QSpinBox*>(fixture.panel.form()->editor("batch_size"))->setValue(2);
    EXPECT_TRUE(fixture.panel.form()->isValid());
    EXPECT_TRUE(run->isEnabled());
}

TEST(RunPanel, TextThatIsNotANumberIsBlamedOnItsKey) {
    PanelFixture fixture;
    qobject_cast<QLineEdit*>(fixture.panel.form()->editor("learning_rate"))->setText("fast");
    EXPECT_EQ(fixture.panel.form()->errorKey(), "learning_rate");
    qobject_cast<QLineEdit*>(fixture.panel.form()->editor("learning_rate"))->setText("3e-4");
    EXPECT_TRUE(fixture.panel.form()->isValid());
    EXPECT_DOUBLE_EQ(fixture.panel.form()->config()->learningRate, 3e-4);
}

TEST(RunPanel, CoreRulesAcrossKeysAreShownToo) {
    PanelFixture fixture;
    qobject_cast<QComboBox*>(fixture.panel.form()->editor("precision"))->setCurrentText("fp16");
    // fp16 autocast needs CUDA; core's validator says so, the form just relays it.
    EXPECT_EQ(fixture.panel.form()->errorKey(), "precision");
    qobject_cast<QComboBox*>(fixture.panel.form()->editor("model"))->setCurrentText("no-such-model");
    EXPECT_EQ(fixture.panel.form()->errorKey(), "model");
}

TEST(RunPanel, QuickDemoPresetFillsTheForm) {
    PanelFixture fixture;
    fixture.panel.applyPreset("demo");
    const auto config = fixture.panel.form()->config();
    ASSERT_TRUE(config);
    EXPECT_EQ(config->steps, RunPanel::preset("demo").steps);
    EXPECT_LT(config->steps, RunConfig{}.steps);
}

// The presets' box is filled in one language; what it applies must not hang on the words it
// showed then (they were its keys: after a change of language every preset applied the defaults).
TEST(RunPanel, APresetChosenAfterTheLanguageChangedStillAppliesItself) {
    PanelFixture fixture;
    auto* presets = fixture.panel.findChild<QComboBox*>("presets");
    ASSERT_NE(presets, nullptr);
    const int smoke = presets->findData(QStringLiteral("smoke"));
    ASSERT_GE(smoke, 0);
    ASSERT_TRUE(installTranslations(QLocale(QLocale::Chinese, QLocale::Taiwan)));
    emit presets->activated(smoke);
    const auto config = fixture.panel.form()->config();
    installTranslations(QLocale(QLocale::English));
    ASSERT_TRUE(config);
    EXPECT_EQ(config->model, "mini-clip");
}

TEST(RunPanel, SavesAndLoadsConfigFiles) {
    PanelFixture fixture;
    qobject_cast<QSpinBox*>(fixture.panel.form()->editor("workers"))->setValue(3);
    qobject_cast<QCheckBox*>(fixture.panel.form()->editor("device_transforms"))->setChecked(true);
    qobject_cast<QLineEdit*>(fixture.panel.form()->editor("name"))->setText("saved run");
    const QString path = QString::fromStdString(fixture.dir.file("run.json").string());
    EXPECT_TRUE(fixture.panel.saveConfigFile(path).isEmpty());
    EXPECT_EQ(loadRunConfig(path.toStdString()).workers, 3);

    fixture.panel.form()->setConfig(RunConfig{});
    EXPECT_EQ(fixture.panel.form()->config()->workers, 0);
    EXPECT_TRUE(fixture.panel.loadConfigFile(path).isEmpty());
    const auto loaded = fixture.panel.form()->config();
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->workers, 3);
    EXPECT_TRUE(loaded->deviceTransforms);
    EXPECT_EQ(loaded->name, "saved run");
}

TEST(RunPanel, BadConfigFileIsReportedNotThrown) {
    PanelFixture fixture;
    const auto path = fixture.dir.file("bad.json");
    {
        std::FILE* file = std::fopen(path.c_str(), "w");
        std::fputs("{\"batch_size\": \"eight\"}", file);
        std::fclose(file);
    }
    const QString error = fixture.panel.loadConfigFile(QString::fromStdString(path.string()));
    EXPECT_TRUE(error.contains("batch_size"));
    EXPECT_EQ(fixture.panel.message(), error);
}

}  // namespace
}  // namespace bb::ui
