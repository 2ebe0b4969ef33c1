// One value of a text summary, as TensorBoard event files hold them (the text plugin).
#pragma once

#include <cstdint>
#include <string>

namespace bb {

struct TextEvent {
    std::string tag;        // as written: "args/text_summary" for add_text("args", …)
    std::int64_t step = 0;
    double wallTime = 0.0;  // seconds since the Unix epoch
    std::string text;       // the bytes as written (UTF-8 from every writer we know)

    friend bool operator==(const TextEvent&, const TextEvent&) = default;
};

}  // namespace bb
