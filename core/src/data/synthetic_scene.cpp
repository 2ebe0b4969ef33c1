#include "data/synthetic_scene.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "data/random.h"
#include "data/rgb_image.h"

namespace bb {

namespace {

struct NamedColour {
    std::string_view name;
    std::array<int, 3> rgb;
};

constexpr std::array<NamedColour, 10> kShapeColours{{
    {"red", {215, 38, 38}},     {"green", {40, 165, 60}},   {"blue", {38, 78, 215}},
    {"yellow", {240, 208, 36}}, {"orange", {245, 135, 28}}, {"purple", {135, 58, 178}},
    {"pink", {240, 118, 178}},  {"white", {245, 245, 242}}, {"black", {24, 24, 28}},
    {"cyan", {36, 196, 208}},
}};

enum class Shape { Circle, Square, Triangle, Diamond, Star };
constexpr std::array<std::string_view, 5> kShapeNames{"circle", "square", "triangle", "diamond", "star"};

// Row-major cells of the 3 × 3 grid.
constexpr std::array<std::string_view, 9> kPlaces{
    "in the top left", "at the top",    "in the top right",
    "on the left",     "in the center", "on the right",
    "in the bottom left", "at the bottom", "in the bottom right",
};

// Grain strength chosen so that 640 × 480 pictures at quality 90 weigh about 60 KiB, like
// the study's images: JPEG cost grows with the detail it has to code.
constexpr double kGrainSigma = 6.0;
constexpr std::uint64_t kGrainSeed = 0x677261696eULL;

constexpr std::array<std::string_view, 4> kOpenings{"a photo of", "a picture of", "an image of", "a scene with"};

struct PlacedShape {
    Shape shape;
    const NamedColour* colour;
    bool large;
    int cell;
};

cv::Scalar jittered(const std::array<int, 3>& rgb, SplitMix64& rng, int spread) {
    std::array<double, 3> channels{};
    for (std::size_t c = 0; c < 3; ++c) {
        channels[c] = std::clamp<int>(rgb[c] + static_cast<int>(rng.between(-spread, spread)), 0, 255);
    }
    return {channels[0], channels[1], channels[2]};
}

// A linear gradient between two muted colours at a random angle. Painted on a coarse grid
// and enlarged bilinearly, which reproduces a linear ramp exactly and costs a fraction of a
// per-pixel loop.
void paintBackground(cv::Mat& canvas, SplitMix64& rng) {
    std::array<float, 3> from{};
    std::array<float, 3> to{};
    for (std::size_t c = 0; c < 3; ++c) {
        from[c] = static_cast<float>(rng.between(60, 200));
        to[c] = static_cast<float>(rng.between(60, 200));
    }
    const double angle = rng.uniform(0, 2 * std::numbers::pi);
    constexpr int kStepPx = 16;
    const int coarseWidth = canvas.cols / kStepPx + 2;
    const int coarseHeight = canvas.rows / kStepPx + 2;
    const double dx = std::cos(angle);
    const double dy = std::sin(angle);
    const double extent = std::abs(dx) * canvas.cols + std::abs(dy) * canvas.rows;
    const double origin = std::min(0.0, dx * canvas.cols) + std::min(0.0, dy * canvas.rows);
    cv::Mat coarse(coarseHeight, coarseWidth, CV_32FC3);
    for (int y = 0; y < coarseHeight; ++y) {
        auto* row = coarse.ptr<float>(y);
        for (int x = 0; x < coarseWidth; ++x) {
            // Coarse cell centres sit where resize() will sample them from.
            const double px = (x + 0.5) * canvas.cols / coarseWidth - 0.5;
            const double py = (y + 0.5) * canvas.rows / coarseHeight - 0.5;
            const auto t = static_cast<float>((dx * px + dy * py - origin) / extent);
            for (int c = 0; c < 3; ++c) {
                row[3 * x + c] = from[c] + (to[c] - from[c]) * t;
            }
        }
    }
    cv::Mat smooth;
    cv::resize(coarse, smooth, canvas.size(), 0, 0, cv::INTER_LINEAR);
    smooth.convertTo(canvas, CV_8UC3);
}

std::vector<cv::Point> regularPolygon(cv::Point2d centre, double radius, int corners, double rotation,
                                      double innerRatio = 1.0) {
    std::vector<cv::Point> points;
    const int vertices = innerRatio < 1.0 ? corners * 2 : corners;
    for (int i = 0; i < vertices; ++i) {
        const double r = (innerRatio < 1.0 && i % 2 == 1) ? radius * innerRatio : radius;
        const double a = rotation + 2 * std::numbers::pi * i / vertices;
        points.emplace_back(cvRound(centre.x + r * std::cos(a)), cvRound(centre.y + r * std::sin(a)));
    }
    return points;
}

void drawShape(cv::Mat& canvas, const PlacedShape& placed, SplitMix64& rng) {
    const double cellWidth = canvas.cols / 3.0;
    const double cellHeight = canvas.rows / 3.0;
    const double radius = std::min(cellWidth, cellHeight) * (placed.large ? 0.42 : 0.26);
    // Anywhere in the cell that keeps the shape inside it, so captions stay true.
    const double slackX = std::max(0.0, cellWidth / 2 - radius);
    const double slackY = std::max(0.0, cellHeight / 2 - radius);
    const cv::Point2d centre((placed.cell % 3 + 0.5) * cellWidth + rng.uniform(-slackX, slackX),
                             (placed.cell / 3 + 0.5) * cellHeight + rng.uniform(-slackY, slackY));
    const cv::Scalar colour = jittered(placed.colour->rgb, rng, 14);
    const double rotation = rng.uniform(-0.25, 0.25);
    std::vector<cv::Point> polygon;
    switch (placed.shape) {
    case Shape::Circle:
        cv::circle(canvas, cv::Point(cvRound(centre.x), cvRound(centre.y)), cvRound(radius), colour, cv::FILLED,
                   cv::LINE_AA);
        return;
    case Shape::Square:
        polygon = regularPolygon(centre, radius * 1.1, 4, std::numbers::pi / 4 + rotation);
        break;
    case Shape::Triangle:
        polygon = regularPolygon(centre, radius * 1.1, 3, -std::numbers::pi / 2 + rotation);
        break;
    case Shape::Diamond:
        polygon = regularPolygon(centre, radius * 1.1, 4, rotation);
        break;
    case Shape::Star:
        polygon = regularPolygon(centre, radius * 1.15, 5, -std::numbers::pi / 2 + rotation, 0.45);
        break;
    }
    cv::fillPoly(canvas, std::vector<std::vector<cv::Point>>{polygon}, colour, cv::LINE_AA);
}

}  // namespace

// Quantiles of N(0, kGrainSigma²) at the centres of 4,096 equal-probability bins, drawn
// with a fixed seed, split into the positive and negative parts so that OpenCV's saturating
// SIMD add and subtract apply them.
SyntheticSceneRenderer::SyntheticSceneRenderer() {
    constexpr int kBins = 4096;
    std::array<int, kBins> quantiles{};
    for (int bin = 0; bin < kBins; ++bin) {
        const double p = (bin + 0.5) / kBins;
        double lo = -8.0;
        double hi = 8.0;
        for (int step = 0; step < 50; ++step) {
            const double mid = (lo + hi) / 2;
            (0.5 * std::erfc(-mid / std::numbers::sqrt2) < p ? lo : hi) = mid;
        }
        quantiles[static_cast<std::size_t>(bin)] = static_cast<int>(std::lround(lo * kGrainSigma));
    }
    m_grainUp = cv::Mat(1, kGrainPoolBytes, CV_8U);
    m_grainDown = cv::Mat(1, kGrainPoolBytes, CV_8U);
    SplitMix64 rng(kGrainSeed);
    for (int i = 0; i < kGrainPoolBytes; ++i) {
        const int offset = quantiles[rng.below(kBins)];
        m_grainUp.at<std::uint8_t>(i) = static_cast<std::uint8_t>(std::max(offset, 0));
        m_grainDown.at<std::uint8_t>(i) = static_cast<std::uint8_t>(std::max(-offset, 0));
    }
}

// Sensor-like grain: a window of the fixed grain pool at a random start. Reusing one pool
// keeps the cost at two SIMD passes, so 1,000 images take seconds.
void SyntheticSceneRenderer::addGrain(cv::Mat& canvas, SplitMix64& rng) const {
    const int bytes = static_cast<int>(canvas.total() * 3);
    cv::Mat flat = canvas.reshape(1, 1);
    for (int start = 0; start < bytes; start += kGrainWindowBytes) {
        const int length = std::min(kGrainWindowBytes, bytes - start);
        const int from = static_cast<int>(rng.below(kGrainPoolBytes - kGrainWindowBytes + 1));
        cv::Mat target = flat.colRange(start, start + length);
        cv::add(target, m_grainUp.colRange(from, from + length), target);
        cv::subtract(target, m_grainDown.colRange(from, from + length), target);
    }
}

namespace {

std::string caption(const std::vector<PlacedShape>& shapes, SplitMix64& rng) {
    std::string text(kOpenings[rng.below(kOpenings.size())]);
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        if (i > 0) {
            text += i + 1 == shapes.size() ? " and" : ",";
        }
        const PlacedShape& shape = shapes[i];
        text += shape.large ? " a large " : " a small ";
        text += shape.colour->name;
        text += ' ';
        text += kShapeNames[static_cast<std::size_t>(shape.shape)];
        text += ' ';
        text += kPlaces[static_cast<std::size_t>(shape.cell)];
    }
    return text;
}

}  // namespace

std::string SyntheticSceneRenderer::draw(std::uint64_t seed, std::int64_t index, int widthPx, int heightPx,
                                        RgbImage& image) const {
    SplitMix64 rng(mixSeed(seed, static_cast<std::uint64_t>(index)));
    image.reshape(widthPx, heightPx);
    cv::Mat canvas = image.mat();
    paintBackground(canvas, rng);

    std::array<int, 9> cells{0, 1, 2, 3, 4, 5, 6, 7, 8};
    for (std::size_t i = cells.size(); i > 1; --i) {
        std::swap(cells[i - 1], cells[rng.below(i)]);
    }
    const auto shapeCount = static_cast<std::size_t>(rng.between(1, 3));
    std::vector<PlacedShape> shapes;
    for (std::size_t i = 0; i < shapeCount; ++i) {
        shapes.push_back({static_cast<Shape>(rng.below(kShapeNames.size())), &kShapeColours[rng.below(kShapeColours.size())],
                          rng.unit() < 0.5, cells[i]});
    }
    // Captions read top to bottom, left to right, as people describe a picture.
    std::sort(shapes.begin(), shapes.end(), [](const PlacedShape& a, const PlacedShape& b) { return a.cell < b.cell; });
    for (const PlacedShape& shape : shapes) {
        drawShape(canvas, shape, rng);
    }
    addGrain(canvas, rng);
    return caption(shapes, rng);
}

}  // namespace bb
