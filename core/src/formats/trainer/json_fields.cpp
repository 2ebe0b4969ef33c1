#include "formats/trainer/json_fields.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "bridgebench/errors.h"
#include "formats/tfevents/lfs_pointer.h"
#include "util/file_contents.h"
#include "util/figure_range.h"
#include "util/json_text.h"

namespace bb::trainer {
namespace {

// Python's non-finite literals become strings that no real file holds (they start with a NUL
// character), so that the JSON parser accepts them and number() can turn them back.
struct NonFinite {
    std::string_view literal;
    std::string_view marker;  // as JSON source
    std::string_view markerValue;
    double value;
};
const std::array<NonFinite, 3> kNonFinite = {{
    {"NaN", R"("\u0000NaN")", std::string_view("\0NaN", 4), std::numeric_limits<double>::quiet_NaN()},
    {"-Infinity", R"("\u0000-Infinity")", std::string_view("\0-Infinity", 10),
     -std::numeric_limits<double>::infinity()},
    {"Infinity", R"("\u0000Infinity")", std::string_view("\0Infinity", 9), std::numeric_limits<double>::infinity()},
}};

// Outside strings a JSON text holds no letters but those of true, false and null, so the
// literals can be found without a parser. Columns after a replaced literal shift in error
// messages; lines do not.
std::string quoteNonFiniteLiterals(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out.push_back(c);
            if (c == '\\' && i + 1 < text.size()) {
                out.push_back(text[++i]);
            } else if (c == '"') {
                inString = false;
            }
            continue;
        }
        if (c == '"') {
            inString = true;
        } else {
            const auto literal = std::find_if(kNonFinite.begin(), kNonFinite.end(), [&](const NonFinite& candidate) {
                return text.substr(i, candidate.literal.size()) == candidate.literal;
            });
            if (literal != kNonFinite.end()) {
                out.append(literal->marker);
                i += literal->literal.size() - 1;
                continue;
            }
        }
        out.push_back(c);
    }
    return out;
}

std::optional<double> nonFiniteOf(const nlohmann::json& value) {
    if (!value.is_string()) {
        return std::nullopt;
    }
    const auto& text = value.get_ref<const std::string&>();
    for (const NonFinite& candidate : kNonFinite) {
        if (text == candidate.markerValue) {
            return candidate.value;
        }
    }
    return std::nullopt;
}

std::string_view typeOf(const nlohmann::json& value) {
    return nonFiniteOf(value) ? "a number" : std::string_view(value.type_name());
}

}  // namespace

nlohmann::json readTrainerJson(const std::filesystem::path& path) {
    // A clone without git-lfs holds a pointer in its place, which read as a JSON syntax error.
    if (const auto pointer = tfevents::gitLfsPointer(path)) throw InputError(path.string() + ": " + *pointer);
    return parseTrainerJson(readFileContents(path), path.string());
}

nlohmann::json parseTrainerJson(std::string_view contents, const std::string& fileName) {
    const std::string text = quoteNonFiniteLiterals(contents);
    return parseJsonTextOrThrow(text, fileName);
}

JsonFields::JsonFields(const nlohmann::json& value, std::string fileName, std::string keyPath)
    : m_object(value), m_fileName(std::move(fileName)), m_keyPath(std::move(keyPath)) {
    if (!value.is_object()) {
        throw InputError(m_fileName + ": " +
                         (m_keyPath.empty() ? std::string("the document") : "key \"" + m_keyPath + "\"") +
                         ": expected an object, found " + std::string(typeOf(value)));
    }
}

std::string JsonFields::keyPathOf(const std::string& key) const {
    return m_keyPath.empty() ? key : m_keyPath + "." + key;
}

void JsonFields::wrongType(const std::string& key, std::string_view expected) const {
    throw InputError(m_fileName + ": key \"" + keyPathOf(key) + "\": expected " + std::string(expected) + ", found " +
                     std::string(typeOf(m_object.at(key))));
}

std::optional<double> JsonFields::number(const std::string& key) const {
    const auto found = m_object.find(key);
    if (found == m_object.end() || found->is_null()) {
        return std::nullopt;
    }
    if (found->is_number()) {
        return found->get<double>();
    }
    if (const std::optional<double> nonFinite = nonFiniteOf(*found)) {
        return nonFinite;
    }
    wrongType(key, "a number");
}

std::optional<double> JsonFields::figure(const std::string& key, double least, double most) const {
    const auto value = number(key);
    if (!value) return value;
    if (const auto problem = figureRangeProblem(*value, least, most, "run"); !problem.empty())
        throw InputError(fmt::format("{}: {}: {}", m_fileName, keyPathOf(key), problem));
    return value;
}

std::optional<std::int64_t> JsonFields::integer(const std::string& key) const {
    const auto found = m_object.find(key);
    if (found == m_object.end() || found->is_null()) {
        return std::nullopt;
    }
    if (found->is_number_integer()) {
        if (found->is_number_unsigned() && found->get<std::uint64_t>() > std::numeric_limits<std::int64_t>::max()) {
            wrongType(key, "an integer below 2^63");
        }
        return found->get<std::int64_t>();
    }
    if (found->is_number_float()) {
        const double value = found->get<double>();
        // 2^63 is exactly representable; anything at or above it does not fit.
        if (std::isfinite(value) && value == std::floor(value) && std::abs(value) < 9.2233720368547758e18) {
            return static_cast<std::int64_t>(value);
        }
    }
    wrongType(key, "an integer");
}

std::optional<std::string> JsonFields::string(const std::string& key) const {
    const auto found = m_object.find(key);
    if (found == m_object.end() || found->is_null()) {
        return std::nullopt;
    }
    if (!found->is_string() || nonFiniteOf(*found)) {
        wrongType(key, "a string");
    }
    return found->get<std::string>();
}

std::map<std::string, double> JsonFields::otherNumbers(std::initializer_list<std::string_view> known) const {
    std::map<std::string, double> numbers;
    for (const auto& [key, value] : m_object.items()) {
        if (std::find(known.begin(), known.end(), key) != known.end()) {
            continue;
        }
        if (value.is_number()) {
            numbers.emplace(key, value.get<double>());
        } else if (const std::optional<double> nonFinite = nonFiniteOf(value)) {
            numbers.emplace(key, *nonFinite);
        }
    }
    return numbers;
}

}  // namespace bb::trainer
