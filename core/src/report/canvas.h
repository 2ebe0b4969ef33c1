// The few drawing operations the report's charts need, so that one chart routine draws both
// the SVG inside the HTML report (SvgCanvas) and the PDF/PNG output (CairoCanvas).
// Coordinates are in the chart's own units (1 = 1 CSS px = 1 PDF point), y pointing down.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace bb::report {

struct Color {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
};

struct Point {
    double x = 0;
    double y = 0;
};

enum class Anchor { Start, Middle, End };

struct TextStyle {
    double sizePx = 12;
    bool bold = false;
    Anchor anchor = Anchor::Start;
    Color color{0x22, 0x22, 0x22};
};

class Canvas {
public:
    virtual ~Canvas() = default;
    // `role` names what a shape is ("bar", "series"), for SVG's class attribute and for tests.
    virtual void rect(double x, double y, double width, double height, Color fill, std::string_view role) = 0;
    virtual void line(double x1, double y1, double x2, double y2, Color stroke, double width) = 0;
    virtual void polyline(std::span<const Point> points, Color stroke, double width, std::string_view role) = 0;
    // `y` is the text's baseline.
    virtual void text(double x, double y, std::string_view text, const TextStyle& style) = 0;
    virtual double textWidth(std::string_view text, const TextStyle& style) = 0;
};

}  // namespace bb::report
