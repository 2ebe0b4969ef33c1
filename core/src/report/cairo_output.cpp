#include "report/cairo_output.h"

#include <cairo.h>
#include <fmt/format.h>

#include "bridgebench/errors.h"

namespace bb::report {

void checkCairo(cairo_surface_t* surface, const std::string& file) {
    const cairo_status_t status = cairo_surface_status(surface);
    if (status != CAIRO_STATUS_SUCCESS)
        throw Error(fmt::format("{}: cannot draw: {}", file, cairo_status_to_string(status)));
}

cairo_status_t appendToString(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

}  // namespace bb::report
