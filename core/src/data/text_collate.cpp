#include "data/text_collate.h"

#include <algorithm>

namespace bb {

void padOrTruncate(std::span<const std::int64_t> ids, const TextPadding& padding,
                   std::int64_t* idsRow, std::int64_t* maskRow) noexcept {
    const auto length = static_cast<std::size_t>(padding.maxLength);
    const std::size_t kept = std::min(ids.size(), length);
    std::copy_n(ids.begin(), kept, idsRow);
    if (ids.size() > length && length > 0 && ids.back() == padding.eosTokenId) {
        idsRow[length - 1] = padding.eosTokenId;
    }
    std::fill(idsRow + kept, idsRow + length, padding.padTokenId);
    std::fill(maskRow, maskRow + kept, std::int64_t{1});
    std::fill(maskRow + kept, maskRow + length, std::int64_t{0});
}

}  // namespace bb
