#include "data/image_decoder.h"

#include "data/image_format.h"
#include "data/rgb_image.h"

#ifdef BB_HAVE_IMGCODECS
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#endif

namespace bb {

namespace {

#ifdef BB_HAVE_IMGCODECS
// cv::imdecode hands back BGR; the rest of the pipeline is RGB. The one place that swaps.
void bgrToRgb(const cv::Mat& bgr, RgbImage& image) {
    image.reshape(bgr.cols, bgr.rows);
    cv::Mat rgb = image.mat();
    cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
}

bool decodeWithOpenCv(std::span<const std::uint8_t> bytes, RgbImage& image, std::string& error,
                      ImageFormat format) {
    const cv::Mat encoded(1, static_cast<int>(bytes.size()), CV_8U, const_cast<std::uint8_t*>(bytes.data()));
    cv::Mat bgr;
    try {
        bgr = cv::imdecode(encoded, cv::IMREAD_COLOR);
    } catch (const cv::Exception& exception) {
        error = "corrupt " + std::string(toString(format)) + ": " + exception.err;
        return false;
    }
    if (bgr.empty() || bgr.type() != CV_8UC3) {
        error = "corrupt " + std::string(toString(format));
        return false;
    }
    bgrToRgb(bgr, image);
    return true;
}
#endif

}  // namespace

bool ImageDecoder::decode(std::span<const std::uint8_t> bytes, RgbImage& image, std::string& error) {
    const ImageFormat format = sniffImageFormat(bytes);
    if (format == ImageFormat::Jpeg) {
        return m_jpeg.decode(bytes, image, error);
    }
    if (format == ImageFormat::Unknown) {
        error = "not an image";
        return false;
    }
#ifdef BB_HAVE_IMGCODECS
    return decodeWithOpenCv(bytes, image, error, format);
#else
    error = std::string(toString(format)) + " needs a build with OpenCV imgcodecs";
    return false;
#endif
}

}  // namespace bb
