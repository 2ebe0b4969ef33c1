#include "bridgebench/printable_text.h"

#include <gtest/gtest.h>

namespace bb::printable_text_test {
namespace {

TEST(PrintableText, ControlCharactersAreEscapedAndUtf8StaysAsItIs) {
    EXPECT_EQ(printableText("run\x1b[2J\x07\b\r\x7f"), "run\\x1B[2J\\x07\\x08\\x0D\\x7F");
    EXPECT_EQ(printableText(std::string("a\0b", 3)), "a\\x00b");
    EXPECT_EQ(printableText("tab\tand\nline"), "tab\tand\nline");
    EXPECT_EQ(printableText("執行 · H100 ×1.5"), "執行 · H100 ×1.5");
    EXPECT_EQ(printableText("\xc2\x9b" "2J"), "\\u009B2J");  // C1's CSI
    EXPECT_EQ(printableText("\xff\xfe ok \xe6\x88"), "\\xFF\\xFE ok \\xE6\\x88");  // not UTF-8, and cut short
    EXPECT_EQ(printableText("\xed\xa0\x80"), "\\xED\\xA0\\x80");  // a surrogate
}

}  // namespace
}  // namespace bb::printable_text_test
