// Translatable label and help text of a RunConfig key. The keys and their English help come
// from core (runConfigKeys()); this adds what a translator needs, since core has no Qt.
#pragma once

#include <QString>

#include <string_view>

namespace bb::ui {

// "batch_size" → "Batch size" (translated); keys added to core later get a readable fallback.
QString configKeyLabel(std::string_view key);
// Core's one-sentence help, translated when the current language has it.
QString configKeyHelp(std::string_view key);
// The translation context of both, for tests that check the translation file.
inline constexpr const char* kConfigKeyContext = "bb::ui::ConfigKeys";

}  // namespace bb::ui
