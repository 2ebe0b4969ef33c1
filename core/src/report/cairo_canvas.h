// A Canvas that draws through Cairo, onto whichever surface the cairo_t targets (PDF pages,
// PNG images). Text uses Cairo's own font selection ("DejaVu Sans" through fontconfig).
#pragma once

#include "report/canvas.h"

typedef struct _cairo cairo_t;

namespace bb::report {

class CairoCanvas final : public Canvas {
public:
    // Does not own `cairo`.
    explicit CairoCanvas(cairo_t* cairo);

    void rect(double x, double y, double width, double height, Color fill, std::string_view role) override;
    void line(double x1, double y1, double x2, double y2, Color stroke, double width) override;
    void polyline(std::span<const Point> points, Color stroke, double width, std::string_view role) override;
    void text(double x, double y, std::string_view text, const TextStyle& style) override;
    double textWidth(std::string_view text, const TextStyle& style) override;

private:
    void useFont(const TextStyle& style);
    cairo_t* m_cairo;
};

}  // namespace bb::report
