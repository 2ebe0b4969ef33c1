// Small, portable random numbers for data order, augmentation and the synthetic images.
// std::uniform_*_distribution differ between standard libraries; these do not, so a seed
// names the same samples and crops on every build.
#pragma once

#include <cmath>
#include <cstdint>

namespace bb {

constexpr std::uint64_t splitMix64(std::uint64_t value) noexcept {
    value += 0x9e3779b97f4a7c15ULL;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
    return value ^ (value >> 31);
}

// Order-sensitive combination: mixSeed(a, b) != mixSeed(b, a).
constexpr std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t value) noexcept {
    return splitMix64(seed ^ splitMix64(value + 0x632be59bd9b4e019ULL));
}

// SplitMix64 as a UniformRandomBitGenerator: one 64-bit state, fast, good enough for
// shuffles and crop boxes.
class SplitMix64 {
public:
    using result_type = std::uint64_t;

    explicit constexpr SplitMix64(std::uint64_t seed) noexcept : m_state(seed) {}

    static constexpr result_type min() noexcept { return 0; }
    static constexpr result_type max() noexcept { return ~result_type{0}; }

    constexpr result_type operator()() noexcept {
        m_state += 0x9e3779b97f4a7c15ULL;
        std::uint64_t value = m_state;
        value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
        value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
        return value ^ (value >> 31);
    }

    // Uniform in [0, bound), without modulo bias (Lemire's multiply-and-reject).
    std::uint64_t below(std::uint64_t bound) noexcept {
        if (bound == 0) {
            return 0;
        }
        unsigned __int128 product = static_cast<unsigned __int128>((*this)()) * bound;
        auto low = static_cast<std::uint64_t>(product);
        if (low < bound) {
            const std::uint64_t threshold = (0 - bound) % bound;
            while (low < threshold) {
                product = static_cast<unsigned __int128>((*this)()) * bound;
                low = static_cast<std::uint64_t>(product);
            }
        }
        return static_cast<std::uint64_t>(product >> 64);
    }

    // Uniform in [lo, hi], inclusive.
    std::int64_t between(std::int64_t lo, std::int64_t hi) noexcept {
        return lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
    }

    // Uniform in [0, 1) with 53 random bits.
    double unit() noexcept { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

    double uniform(double lo, double hi) noexcept { return lo + (hi - lo) * unit(); }

private:
    std::uint64_t m_state;
};

}  // namespace bb
