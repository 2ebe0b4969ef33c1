#include "cli/progress_line.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "bridgebench/other_processes.h"

namespace bb::cli {

namespace {

constexpr int kBarColumns = 24;
// Erases from the cursor to the end of the row: a shorter line leaves nothing of the last one.
constexpr const char* kEraseToEnd = "\x1b[K";

int terminalColumns() {
    winsize size{};
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 80;
}

// One column short of the terminal: a row filled to its last column wraps on many terminals,
// and the next "\r" then returns to the wrapped row, leaving a trail of lines behind. The bar
// gives way first, then the end of the text.
std::string fitted(const std::string& bar, const std::string& text, int columns) {
    const auto room = static_cast<std::size_t>(std::max(1, columns - 1));
    std::string line = bar.size() + text.size() <= room ? bar + text : text;
    if (line.size() > room) line.resize(room);
    return "\r" + line + kEraseToEnd;
}

}  // namespace

ProgressLine::ProgressLine() : m_live(isatty(STDERR_FILENO) == 1) {}

void ProgressLine::started(const RunStarted& info) {
    m_totalSteps = info.totalSteps;
    // Whether or not stderr is a terminal: a log should say why its figures are slow too.
    for (const auto& warning : info.warnings) fmt::print(stderr, "warning: {}\n", warning.text);
}

void ProgressLine::preparing(const RunPreparation& progress) {
    if (!m_live) return;
    const auto now = std::chrono::steady_clock::now();
    const bool last = progress.total > 0 && progress.done == progress.total;
    if (!last && now - m_lastDraw < std::chrono::milliseconds(100)) return;
    m_lastDraw = now;
    std::fputs(fitted({}, fmt::format("{} {}/{}", progress.stage, progress.done, progress.total), terminalColumns())
                   .c_str(),
               stderr);
    if (last) std::fputs("\n", stderr);
    std::fflush(stderr);
}

void ProgressLine::step(const StepMetrics& metrics) {
    if (!m_live) return;
    // Redrawing a terminal line costs a write syscall; ten times a second is plenty.
    const auto now = std::chrono::steady_clock::now();
    const bool last = metrics.step + 1 == m_totalSteps;
    if (!last && now - m_lastDraw < std::chrono::milliseconds(100)) return;
    m_lastDraw = now;
    const double share = m_totalSteps > 0 ? static_cast<double>(metrics.step + 1) / m_totalSteps : 0;
    const auto filled = static_cast<std::size_t>(share * kBarColumns);
    const std::string bar = fmt::format("[{:<{}}] ", std::string(filled, '#'), kBarColumns);
    std::string text = fmt::format("step {}/{}  {:.1f} samples/s  loss {:.4f}  data wait {:.1f} ms", metrics.step + 1,
                                   m_totalSteps, metrics.samplesPerSec, metrics.loss, metrics.dataWaitMs);
    if (std::isfinite(metrics.otherCpuCores) && metrics.otherCpuCores >= kOtherProcessesWorthShowingCores)
        text += fmt::format("  others' CPU {:.0f}%", metrics.otherCpuCores * 100);
    std::fputs(fitted(bar, text, terminalColumns()).c_str(), stderr);
    std::fflush(stderr);
}

void ProgressLine::finished(const RunOutcome&) {
    if (m_live) std::fputs("\n", stderr);
}

}  // namespace bb::cli
