// Writes scalars to a TensorBoard event file that `tensorboard --logdir` shows.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "bridgebench/scalar_event.h"
#include "bridgebench/text_event.h"

namespace bb {

// Not thread-safe: one writer per file, used from one thread at a time.
class TfEventsWriter {
public:
    // Creates or truncates `path` and writes the "brain.Event:2" record that readers expect first,
    // stamped `wallTime` (seconds since the Unix epoch). Throws bb::Error naming the file when it
    // cannot be created.
    TfEventsWriter(const std::filesystem::path& path, double wallTime);
    ~TfEventsWriter();  // flushes; errors there are lost, so call flush() to see them
    TfEventsWriter(TfEventsWriter&&) noexcept;
    TfEventsWriter& operator=(TfEventsWriter&&) noexcept;

    // Appends one event holding the value as `simple_value`, the encoding every TensorBoard reads
    // (a 32-bit float: about 7 significant digits survive). Throws bb::Error on a write failure.
    void write(const ScalarEvent& event);
    // Appends one text summary in the encoding torch.utils.tensorboard's add_text(tag, text)
    // produces: tag "<tag>/text_summary", plugin "text" with empty content (TextPluginData
    // version 0), a DT_STRING tensor of shape [1]. `event.tag` is add_text's tag, without the
    // suffix. Throws bb::Error on a write failure.
    void writeText(const TextEvent& event);
    void flush();

    // "events.out.tfevents.<whole seconds>.<host>", the name TensorFlow's writers use.
    static std::string fileName(double wallTime, std::string_view hostName);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace bb
