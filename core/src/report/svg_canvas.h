// A Canvas that writes SVG markup with real <text> elements (searchable, selectable, and
// readable by tests), for the HTML report and `export --format svg`.
#pragma once

#include <string>

#include "report/canvas.h"

namespace bb::report {

class SvgCanvas final : public Canvas {
public:
    SvgCanvas(double width, double height);

    void rect(double x, double y, double width, double height, Color fill, std::string_view role) override;
    void line(double x1, double y1, double x2, double y2, Color stroke, double width) override;
    void polyline(std::span<const Point> points, Color stroke, double width, std::string_view role) override;
    void text(double x, double y, std::string_view text, const TextStyle& style) override;
    // An estimate from DejaVu Sans' average advance: the browser lays out the real text.
    double textWidth(std::string_view text, const TextStyle& style) override;

    // The <svg> element; `standalone` adds the XML declaration a .svg file starts with.
    std::string finish(bool standalone) const;

private:
    double m_width;
    double m_height;
    std::string m_body;
};

// Escapes &, <, >, " and ' for XML text and attribute values.
std::string xmlEscape(std::string_view text);

}  // namespace bb::report
