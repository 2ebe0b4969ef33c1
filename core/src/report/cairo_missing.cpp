// A build configured without Cairo (a GPU server, cmake/Dependencies.cmake): the PDF report is
// refused with a message that says why, naming the file that was asked for. PNG charts are
// refused in chart_files.cpp; HTML and SVG need no Cairo.
#include "bridgebench/errors.h"
#include "bridgebench/report.h"

namespace bb {

int writePdfReport(const ReportInput&, const std::filesystem::path& file) {
    throw Error(file.string() + ": PDF reports need Cairo, which this build was configured without "
                                "(HTML and SVG work without it)");
}

}  // namespace bb
