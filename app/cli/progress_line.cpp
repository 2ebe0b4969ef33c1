#include "cli/progress_line.h"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace bb::cli {

ProgressLine::ProgressLine() : m_live(isatty(STDERR_FILENO) == 1) {}

void ProgressLine::started(const RunStarted& info) {
    m_totalSteps = info.totalSteps;
    // Whether or not stderr is a terminal: a log should say why its figures are slow too.
    for (const auto& warning : info.warnings) fmt::print(stderr, "warning: {}\n", warning);
}

void ProgressLine::preparing(const RunPreparation& progress) {
    if (!m_live) return;
    const auto now = std::chrono::steady_clock::now();
    const bool last = progress.total > 0 && progress.done == progress.total;
    if (!last && now - m_lastDraw < std::chrono::milliseconds(100)) return;
    m_lastDraw = now;
    std::fputs(fmt::format("\r{} {}/{} ", progress.stage, progress.done, progress.total).c_str(), stderr);
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
    const int filled = static_cast<int>(share * 24);
    std::fputs(fmt::format("\r[{:<24}] step {}/{}  {:.1f} samples/s  loss {:.4f}  data wait {:.1f} ms ",
                           std::string(filled, '#'), metrics.step + 1, m_totalSteps, metrics.samplesPerSec,
                           metrics.loss, metrics.dataWaitMs)
                   .c_str(),
               stderr);
    std::fflush(stderr);
}

void ProgressLine::finished(const RunOutcome&) {
    if (m_live) std::fputs("\n", stderr);
}

}  // namespace bb::cli
