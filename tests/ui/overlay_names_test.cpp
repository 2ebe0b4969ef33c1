#include "models/overlay_names.h"

#include <gtest/gtest.h>

namespace bb::ui {
namespace {

RunRecord run(const std::string& name, const std::string& device, std::int64_t workers) {
    RunRecord record;
    record.name = name;
    record.source = "local";
    record.deviceKind = "cpu";
    record.deviceName = device;
    record.workers = workers;
    record.config = {{"workers", workers}};
    return record;
}

TEST(OverlayNames, TakeTheLeastThatTellsTheLinesApart) {
    // Configurations differ: they alone, as the bars' legend says them.
    EXPECT_EQ(overlayNames({run("a", "cpu", 0), run("b", "cpu", 1)}), QStringList({"workers 0", "workers 1"}));
    // One configuration on two devices: the device too.
    EXPECT_EQ(overlayNames({run("a", "cpu", 0), run("b", "H200", 0)}),
              QStringList({"1× cpu · workers 0", "1× H200 · workers 0"}));
    // Nothing but the name tells them apart.
    EXPECT_EQ(overlayNames({run("first try", "cpu", 0), run("second try", "cpu", 0)}),
              QStringList({"first try", "second try"}));
    EXPECT_TRUE(overlayNames({}).isEmpty());
}

}  // namespace
}  // namespace bb::ui
