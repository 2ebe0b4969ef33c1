#include "cli/printable_streams.h"

#include <iostream>
#include <streambuf>
#include <string>

#include "bridgebench/printable_text.h"

namespace bb::cli {

namespace {

// Holds text until a line ends (or a flush, or 4 KiB), then forwards it escaped: a UTF-8
// character written in two pieces is escaped whole, not as two bad bytes.
class PrintableStreambuf final : public std::streambuf {
public:
    explicit PrintableStreambuf(std::streambuf* target) : m_target(target) {}

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return sync() == 0 ? traits_type::not_eof(c) : c;
        put(traits_type::to_char_type(c));
        return c;
    }
    std::streamsize xsputn(const char* text, std::streamsize count) override {
        for (std::streamsize index = 0; index < count; ++index) put(text[index]);
        return count;
    }
    int sync() override {
        forward(m_pending.size());
        return m_target->pubsync();
    }

private:
    void put(char c) {
        m_pending += c;
        if (c == '\n') {
            forward(m_pending.size());
        } else if (m_pending.size() >= 4096) {
            // Up to the last character's start: a UTF-8 sequence cut here would read as bad bytes.
            std::size_t cut = m_pending.size();
            while (cut > 0 && (static_cast<unsigned char>(m_pending[cut - 1]) & 0xC0) == 0x80) --cut;
            if (cut > 0 && static_cast<unsigned char>(m_pending[cut - 1]) >= 0xC0) --cut;
            forward(cut > 0 ? cut : m_pending.size());
        }
    }
    void forward(std::size_t count) {
        if (count == 0) return;
        const std::string shown = printableText(std::string_view(m_pending).substr(0, count));
        m_target->sputn(shown.data(), static_cast<std::streamsize>(shown.size()));
        m_pending.erase(0, count);
    }

    std::streambuf* m_target;
    std::string m_pending;
};

}  // namespace

void installPrintableStreams() {
    // Never deleted: the streams are flushed at exit after every static object is destroyed, and
    // std::cout and std::cerr keep them reachable until then.
    std::cout.rdbuf(new PrintableStreambuf(std::cout.rdbuf()));
    std::cerr.rdbuf(new PrintableStreambuf(std::cerr.rdbuf()));
}

}  // namespace bb::cli
