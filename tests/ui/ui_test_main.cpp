// GoogleTest main for the Qt tests: one QApplication for the whole executable, settings in a
// folder of this process's own and emptied before every test, so no test sees another's (or a
// user's). ctest runs test processes in parallel: a shared settings file (even Qt's test-mode
// one) let one process clear what another had just written.
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

class FreshSettings final : public ::testing::EmptyTestEventListener {
    void OnTestStart(const ::testing::TestInfo&) override { QSettings().clear(); }
};

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    QStandardPaths::setTestModeEnabled(true);
    const QTemporaryDir settingsDir;
    if (!settingsDir.isValid()) {
        qFatal("cannot create a settings folder for the tests: %s", qPrintable(settingsDir.errorString()));
    }
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    QApplication app(argc, argv);
    QApplication::setOrganizationName("BridgeBenchTests");
    QApplication::setApplicationName("ui_tests");
    ::testing::InitGoogleTest(&argc, argv);
    ::testing::UnitTest::GetInstance()->listeners().Append(new FreshSettings);
    return RUN_ALL_TESTS();
}
