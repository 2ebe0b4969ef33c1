#include "report/cairo_canvas.h"

#include <string>

#include <cairo.h>

#include "bridgebench/printable_text.h"

namespace bb::report {

namespace {

void setColor(cairo_t* cairo, Color color) {
    cairo_set_source_rgb(cairo, color.r / 255.0, color.g / 255.0, color.b / 255.0);
}

}  // namespace

CairoCanvas::CairoCanvas(cairo_t* cairo) : m_cairo(cairo) {}

void CairoCanvas::rect(double x, double y, double width, double height, Color fill, std::string_view) {
    setColor(m_cairo, fill);
    cairo_rectangle(m_cairo, x, y, width, height);
    cairo_fill(m_cairo);
}

void CairoCanvas::line(double x1, double y1, double x2, double y2, Color stroke, double width) {
    setColor(m_cairo, stroke);
    cairo_set_line_width(m_cairo, width);
    cairo_move_to(m_cairo, x1, y1);
    cairo_line_to(m_cairo, x2, y2);
    cairo_stroke(m_cairo);
}

void CairoCanvas::polyline(std::span<const Point> points, Color stroke, double width, std::string_view) {
    if (points.empty()) return;
    setColor(m_cairo, stroke);
    cairo_set_line_width(m_cairo, width);
    cairo_set_line_join(m_cairo, CAIRO_LINE_JOIN_ROUND);
    cairo_move_to(m_cairo, points.front().x, points.front().y);
    for (const auto& point : points.subspan(1)) cairo_line_to(m_cairo, point.x, point.y);
    cairo_stroke(m_cairo);
}

void CairoCanvas::useFont(const TextStyle& style) {
    cairo_select_font_face(m_cairo, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           style.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(m_cairo, style.sizePx);
}

void CairoCanvas::text(double x, double y, std::string_view text, const TextStyle& style) {
    const double width = textWidth(text, style);
    const double left = style.anchor == Anchor::Start ? x : style.anchor == Anchor::Middle ? x - width / 2 : x - width;
    setColor(m_cairo, style.color);
    cairo_move_to(m_cairo, left, y);
    // Escaped as the SVG's text is (printable_text.h); a NUL would also have cut the string here.
    cairo_show_text(m_cairo, printableText(text).c_str());
}

double CairoCanvas::textWidth(std::string_view text, const TextStyle& style) {
    useFont(style);
    cairo_text_extents_t extents;
    cairo_text_extents(m_cairo, printableText(text).c_str(), &extents);
    return extents.x_advance;
}

}  // namespace bb::report
