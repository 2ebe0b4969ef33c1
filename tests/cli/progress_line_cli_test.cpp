// The progress line as a terminal shows it: bridgebench-cli on a real pseudo-terminal. It was
// 88 columns wide, so an 80-column terminal wrapped it, and each redraw's "\r" went back only to
// the wrapped row: a scroll of half lines instead of one line.
#include <fcntl.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace bb {
namespace {

// Runs the CLI with stderr on a terminal `columns` wide; returns what the terminal received.
std::string runOnATerminal(int columns, const std::vector<std::string>& arguments) {
    int master = -1;
    int slave = -1;
    winsize size{};
    size.ws_row = 24;
    size.ws_col = static_cast<unsigned short>(columns);
    if (openpty(&master, &slave, nullptr, nullptr, &size) != 0) return {};
    const pid_t child = fork();
    if (child == 0) {
        const int devnull = open("/dev/null", O_WRONLY);
        dup2(devnull, STDOUT_FILENO);
        dup2(slave, STDERR_FILENO);
        dup2(slave, STDIN_FILENO);
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(BB_CLI_PATH));
        for (const auto& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
        argv.push_back(nullptr);
        execv(BB_CLI_PATH, argv.data());
        _exit(127);
    }
    close(slave);
    std::string received;
    char buffer[4096];
    for (;;) {
        const ssize_t count = read(master, buffer, sizeof buffer);
        if (count > 0) {
            received.append(buffer, static_cast<std::size_t>(count));
            continue;
        }
        if (count < 0 && errno == EINTR) continue;
        break;  // EIO: the child closed its side
    }
    close(master);
    int status = 0;
    waitpid(child, &status, 0);
    return received;
}

TEST(CliProgress, OnANarrowTerminalEachRedrawFitsOneRowAndErasesTheLast) {
    test::TempDir dir;
    for (const int columns : {60, 80, 132}) {
        const std::string shown =
            runOnATerminal(columns, {"run", "--db", dir.file("runs.db").string(), "--set", "steps=30", "--set",
                                     "batch_size=4", "--set", "threads=1", "--set", "probe=false"});
        int redraws = 0;
        std::size_t start = 0;
        while ((start = shown.find('\r', start)) != std::string::npos) {
            ++start;
            const std::size_t end = shown.find_first_of("\r\n", start);
            std::string row = shown.substr(start, end == std::string::npos ? std::string::npos : end - start);
            if (row.find("samples/s") == std::string::npos) continue;
            ++redraws;
            const std::string erase = "\x1b[K";
            ASSERT_TRUE(row.size() >= erase.size() && row.compare(row.size() - erase.size(), erase.size(), erase) == 0)
                << "a shorter line would leave the end of the last one: " << row;
            row.resize(row.size() - erase.size());
            EXPECT_LT(row.size(), static_cast<std::size_t>(columns)) << columns << " columns: " << row;
        }
        EXPECT_GT(redraws, 0) << columns << " columns, nothing drawn:\n" << shown;
        if (columns == 132) {
            EXPECT_NE(shown.find("] step 30/30"), std::string::npos) << "a wide terminal keeps the bar:\n" << shown;
        }
    }
}

}  // namespace
}  // namespace bb
