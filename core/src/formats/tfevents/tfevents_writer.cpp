#include "bridgebench/tfevents_writer.h"

#include <cmath>

#include <fmt/format.h>

#include "formats/tfevents/tfrecord_writer.h"
#include "tfevents/event.pb.h"

namespace bb {
namespace {

// The version TensorFlow 1.x and 2.x, PyTorch and TensorBoard all write and expect.
constexpr std::string_view kFileVersion = "brain.Event:2";

}  // namespace

struct TfEventsWriter::Impl {
    explicit Impl(const std::filesystem::path& path) : records(path) {}

    void write(const tfevents::Event& event) { records.write(event.SerializeAsString()); }

    tfevents::TfRecordWriter records;
};

TfEventsWriter::TfEventsWriter(const std::filesystem::path& path, double wallTime)
    : m_impl(std::make_unique<Impl>(path)) {
    tfevents::Event event;
    event.set_wall_time(wallTime);
    event.set_file_version(std::string(kFileVersion));
    m_impl->write(event);
}

// The stream's own destructor flushes and closes, without throwing.
TfEventsWriter::~TfEventsWriter() = default;
TfEventsWriter::TfEventsWriter(TfEventsWriter&&) noexcept = default;
TfEventsWriter& TfEventsWriter::operator=(TfEventsWriter&&) noexcept = default;

void TfEventsWriter::write(const ScalarEvent& event) {
    tfevents::Event record;
    record.set_wall_time(event.wallTime);
    record.set_step(event.step);
    tfevents::Summary::Value* value = record.mutable_summary()->add_value();
    value->set_tag(event.tag);
    value->set_simple_value(static_cast<float>(event.value));
    m_impl->write(record);
}

void TfEventsWriter::writeText(const TextEvent& event) {
    tfevents::Event record;
    record.set_wall_time(event.wallTime);
    if (event.step != 0) record.set_step(event.step);
    tfevents::Summary::Value* value = record.mutable_summary()->add_value();
    value->set_tag(event.tag + "/text_summary");
    value->mutable_metadata()->mutable_plugin_data()->set_plugin_name("text");
    tfevents::TensorProto* tensor = value->mutable_tensor();
    tensor->set_dtype(tfevents::DT_STRING);
    tensor->mutable_tensor_shape()->add_dim()->set_size(1);
    tensor->add_string_val(event.text);
    m_impl->write(record);
}

void TfEventsWriter::flush() {
    m_impl->records.flush();
}

std::string TfEventsWriter::fileName(double wallTime, std::string_view hostName) {
    return fmt::format("events.out.tfevents.{}.{}", static_cast<long long>(std::floor(wallTime)), hostName);
}

}  // namespace bb
