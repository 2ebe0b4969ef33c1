#include "models/overlay_names.h"

#include <gtest/gtest.h>

namespace bb::ui {
namespace {

RunRecord run(const std::string& name, const std::string& device, std::int64_t workers) {
    RunRecord record;
    record.name = name;
    record.origin = RunOrigin::Engine;
    record.deviceKind = "cpu";
    record.deviceName = device;
    record.workers = workers;
    record.config = nlohmann::json{{"workers", workers}}.get<RunSettings>();
    return record;
}

TEST(OverlayNames, TakeTheLeastThatTellsTheLinesApart) {
    // Configurations differ: they alone, as the bars' legend says them.
    EXPECT_EQ(overlayNames({run("a", "cpu", 0), run("b", "cpu", 1)}), QStringList({"workers 0", "workers 1"}));
    // One configuration on two devices: the device too.
    EXPECT_EQ(overlayNames({run("a", "cpu", 0), run("b", "H200", 0)}),
              QStringList({"1× cpu · workers 0", "1× H200 · workers 0"}));
    // One configuration on one device: the words of the names that differ, as their bars say.
    EXPECT_EQ(overlayNames({run("first try", "cpu", 0), run("second try", "cpu", 0)}),
              QStringList({"workers 0 (first)", "workers 0 (second)"}));
    // Reruns beside another setting: the setting tells that one apart, the names the reruns.
    EXPECT_EQ(overlayNames({run("w0 10:00", "cpu", 0), run("w1", "cpu", 1), run("w0 10:05", "cpu", 0)}),
              QStringList({"workers 0 (10:00)", "workers 1", "workers 0 (10:05)"}));
    // Reruns on two devices: the device too.
    EXPECT_EQ(overlayNames({run("a", "cpu", 0), run("b", "cpu", 0), run("c", "H200", 0)}),
              QStringList({"1× cpu · workers 0 (a)", "1× cpu · workers 0 (b)", "1× H200 · workers 0"}));
    EXPECT_TRUE(overlayNames({}).isEmpty());
}

}  // namespace
}  // namespace bb::ui
