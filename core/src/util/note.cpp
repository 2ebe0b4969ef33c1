#include "bridgebench/note.h"

#include <nlohmann/json.hpp>

namespace bb {

void to_json(nlohmann::json& out, const Note& note) { out = note.text; }

}  // namespace bb
