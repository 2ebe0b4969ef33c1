#include "models/smoothing.h"

#include <algorithm>
#include <cmath>

namespace bb::ui {

EmaSmoother::EmaSmoother(double weight) : m_weight(std::clamp(weight, 0.0, 0.999)) {}

double EmaSmoother::push(double value) {
    if (!std::isfinite(value)) return value;
    m_last = m_last * m_weight + (1 - m_weight) * value;
    m_debias *= m_weight;
    // 1 - weight^n is the mass the average has accumulated from real points.
    return m_weight == 0 ? value : m_last / (1 - m_debias);
}

void EmaSmoother::reset() {
    m_last = 0;
    m_debias = 1;
}

std::vector<double> smoothEma(std::span<const double> values, double weight) {
    EmaSmoother smoother(weight);
    std::vector<double> out;
    out.reserve(values.size());
    for (double value : values) out.push_back(smoother.push(value));
    return out;
}

}  // namespace bb::ui
