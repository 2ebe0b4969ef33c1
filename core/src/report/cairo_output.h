// Cairo surfaces that write into memory, so that a file is replaced only once it is complete.
#pragma once

#include <string>

#include <cairo.h>

namespace bb::report {

// Throws bb::Error naming `file` when the surface or its context failed (out of memory, a
// font or drawing error), with Cairo's own words.
void checkCairo(cairo_surface_t* surface, const std::string& file);

// The write callback for cairo_*_for_stream / write_to_png_stream: appends to the std::string
// passed as closure.
cairo_status_t appendToString(void* closure, const unsigned char* data, unsigned int length);

}  // namespace bb::report
