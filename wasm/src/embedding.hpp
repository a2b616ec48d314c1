// Token and position embeddings, forward and backward side by side (the training lab's `char` task):
//   h[b·T + t] = E[tokens[b·T + t]] + P[t]        E (V, d) one row per character, P (T, d) one row per position
// The input is integer ids, so there is no dx: the backward gives the two tables' gradients, each row the sum
// of the gradients of the positions that used it.
#pragma once

#include <cstdint>
#include <vector>

#include "tensor.hpp"

namespace tk {

struct EmbeddingParams {
  Mat tokens;     // (V, d)  E, nn.Embedding(V, d)'s weight
  Mat positions;  // (T, d)  P, nn.Embedding(T, d)'s weight
};

struct EmbeddingCache {
  std::vector<std::int64_t> tokens;  // (N) the ids looked up, N = B·T, sequence by sequence
};

struct EmbeddingGrads {
  Mat dtokens;     // (V, d)
  Mat dpositions;  // (T, d)
};

template <class F>
void for_each_param(EmbeddingParams& p, const EmbeddingGrads& g, F&& f) {
  f(p.tokens, g.dtokens);
  f(p.positions, g.dpositions);
}

// tokens (N = B·T) ids in [0, V) → h (N, d). T = p.positions.rows().
Mat embedding_forward(const std::vector<std::int64_t>& tokens, const EmbeddingParams& p, EmbeddingCache& cache);

// dh (N, d) → grads.dtokens, grads.dpositions.
void embedding_backward(const Mat& dh, const EmbeddingParams& p, const EmbeddingCache& cache, EmbeddingGrads& grads);

}  // namespace tk
