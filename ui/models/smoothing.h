// TensorBoard's smoothing: an exponential moving average debiased for its zero start, so the
// first points are not dragged towards 0. weight 0 returns the input; 0.99 smooths heavily.
#pragma once

#include <span>
#include <vector>

namespace bb::ui {

// Streaming form, for live runs: push() returns the smoothed value of the series so far.
class EmaSmoother {
public:
    explicit EmaSmoother(double weight = 0.6);
    double push(double value);
    void reset();
    double weight() const { return m_weight; }

private:
    double m_weight;
    double m_last = 0;
    double m_debias = 1;  // weight^n after n pushes
};

// Whole-series form, for a changed weight. Non-finite inputs are passed through and skipped.
std::vector<double> smoothEma(std::span<const double> values, double weight);

}  // namespace bb::ui
