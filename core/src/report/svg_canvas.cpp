#include "report/svg_canvas.h"

#include <algorithm>

#include <fmt/format.h>

#include "bridgebench/printable_text.h"

namespace bb::report {

namespace {

std::string hex(Color color) { return fmt::format("#{:02x}{:02x}{:02x}", color.r, color.g, color.b); }

std::size_t codePoints(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

std::string xmlEscape(std::string_view raw) {
    // XML 1.0 takes no C0 control but tab and line breaks, not even as a reference.
    const std::string text = printableText(raw);
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    return out;
}

SvgCanvas::SvgCanvas(double width, double height) : m_width(width), m_height(height) {}

void SvgCanvas::rect(double x, double y, double width, double height, Color fill, std::string_view role) {
    m_body += fmt::format(R"(<rect class="{}" x="{:.2f}" y="{:.2f}" width="{:.2f}" height="{:.2f}" fill="{}"/>)",
                          xmlEscape(role), x, y, width, height, hex(fill));
    m_body += '\n';
}

void SvgCanvas::line(double x1, double y1, double x2, double y2, Color stroke, double width) {
    m_body += fmt::format(R"(<line x1="{:.2f}" y1="{:.2f}" x2="{:.2f}" y2="{:.2f}" stroke="{}" stroke-width="{}"/>)",
                          x1, y1, x2, y2, hex(stroke), width);
    m_body += '\n';
}

void SvgCanvas::polyline(std::span<const Point> points, Color stroke, double width, std::string_view role) {
    std::string coordinates;
    for (const auto& point : points) coordinates += fmt::format("{:.2f},{:.2f} ", point.x, point.y);
    m_body += fmt::format(R"(<polyline class="{}" fill="none" stroke="{}" stroke-width="{}" points="{}"/>)",
                          xmlEscape(role), hex(stroke), width, coordinates);
    m_body += '\n';
}

void SvgCanvas::text(double x, double y, std::string_view text, const TextStyle& style) {
    const char* anchor = style.anchor == Anchor::Start ? "start" : style.anchor == Anchor::Middle ? "middle" : "end";
    m_body += fmt::format(R"(<text x="{:.2f}" y="{:.2f}" font-size="{}" text-anchor="{}" fill="{}"{}>{}</text>)", x, y,
                          style.sizePx, anchor, hex(style.color), style.bold ? R"( font-weight="bold")" : "",
                          xmlEscape(text));
    m_body += '\n';
}

double SvgCanvas::textWidth(std::string_view text, const TextStyle& style) {
    return static_cast<double>(codePoints(text)) * style.sizePx * (style.bold ? 0.64 : 0.58);
}

std::string SvgCanvas::finish(bool standalone) const {
    std::string out;
    if (standalone) out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += fmt::format(
        R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" viewBox="0 0 {0} {1}" )"
        R"(font-family="DejaVu Sans, Verdana, sans-serif">)",
        m_width, m_height);
    out += '\n';
    out += m_body;
    out += "</svg>\n";
    return out;
}

}  // namespace bb::report
