// Inverted dropout as at::dropout (train mode): each element kept with probability 1 - p and
// scaled by 1 / (1 - p), else zeroed; the gradient takes the same mask and scale.
//
// Why not at::dropout: on the CPU LibTorch 1.13 draws the mask with bernoulli_, one double-precision
// draw from the locked global generator per element (~11 ns each here; ~170 ms of a ~2.7 s `small`
// training step). For float32 CPU tensors this draws one 64-bit seed from that generator and
// derives the mask from a counter-based hash (SplitMix64's finaliser), two keep decisions per hash;
// the same seed gives the same mask. Other tensors take at::dropout. First-order gradients only.
#pragma once

#include <ATen/ATen.h>

namespace bb {

// Named apart from at::dropout, which argument-dependent lookup would also find. p in [0, 1).
// training false, or p == 0, returns the input itself.
at::Tensor applyDropout(const at::Tensor& input, double p, bool training);

}  // namespace bb
