#include "models/tell_apart.h"

#include <gtest/gtest.h>

namespace bb::ui {
namespace {

TEST(TellApart, KeepsOnlyTheWordsThatDiffer) {
    // Generated names: the same model, batch and workers, a different time.
    EXPECT_EQ(tellApart({"mini-clip b8 w0 2026-12-04 00:32:44", "mini-clip b8 w0 2026-12-04 00:32:47"}, {17, 18}),
              QStringList({"00:32:44", "00:32:47"}));
    // Words shared at the end go too.
    EXPECT_EQ(tellApart({"mini-clip b8 w0 2026-12-04 09:00:00", "mini-clip b8 w0 2026-12-05 09:00:00"}, {1, 2}),
              QStringList({"2026-12-04", "2026-12-05"}));
    EXPECT_EQ(tellApart({"first try", "second try", "third try"}, {1, 2, 3}),
              QStringList({"first", "second", "third"}));
}

TEST(TellApart, EveryNameKeepsAWordOfItsOwn) {
    // "baseline" is all of the first name: stripping it would leave nothing to show.
    EXPECT_EQ(tellApart({"baseline", "baseline after fix"}, {4, 5}), QStringList({"baseline", "baseline after fix"}));
    // Of "tiny run" and "tiny run fixed", "tiny" may go: "run" is left of the shorter.
    EXPECT_EQ(tellApart({"tiny run", "tiny run fixed"}, {4, 5}), QStringList({"run", "run fixed"}));
}

TEST(TellApart, TheSameNamesAreToldApartByTheirRunNumbers) {
    EXPECT_EQ(tellApart({"quiet", "quiet"}, {7, 9}), QStringList({"quiet, run 7", "quiet, run 9"}));
    EXPECT_EQ(tellApart({"quiet", "quiet", "busy"}, {7, 9, 11}), QStringList({"quiet, run 7", "quiet, run 9", "busy"}));
    EXPECT_EQ(tellApart({"", "x"}, {3, 4}), QStringList({"run 3", "x"}));
    EXPECT_EQ(tellApart({"only"}, {1}), QStringList({"only"}));
}

TEST(TellApart, WithinCellsOnlyRunsSharingACellGetALabel) {
    const QStringList labels = tellApartWithinCells({"cpu/workers 0", "cpu/workers 1", "cpu/workers 0"},
                                                    {"tiny b8 w0 10:00:00", "tiny b8 w1 10:00:05", "tiny b8 w0 10:01:00"},
                                                    {1, 2, 3});
    EXPECT_EQ(labels, QStringList({"10:00:00", "", "10:01:00"}));
}

}  // namespace
}  // namespace bb::ui
