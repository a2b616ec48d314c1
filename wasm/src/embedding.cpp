// Embedding kernels (see embedding.hpp).
#include "embedding.hpp"

#include <string>

namespace tk {

Mat embedding_forward(const std::vector<std::int64_t>& tokens, const EmbeddingParams& p, EmbeddingCache& cache) {
  const Eigen::Index T = p.positions.rows(), V = p.tokens.rows(), d = p.tokens.cols();
  require(T >= 1 && p.positions.cols() == d, "embedding: the position table must have d columns and T >= 1 rows");
  require(tokens.size() % std::size_t(T) == 0, [&] {
    return "embedding: " + std::to_string(tokens.size()) +
           " tokens do not make whole sequences of T = " + std::to_string(T);
  });
  Mat h(Eigen::Index(tokens.size()), d);
  for (Eigen::Index n = 0; n < h.rows(); ++n) {
    const std::int64_t id = tokens[std::size_t(n)];
    require(id >= 0 && id < V, [&] { return "embedding: a token id is outside 0 … " + std::to_string(V - 1); });
    h.row(n) = p.tokens.row(Eigen::Index(id)) + p.positions.row(n % T);
  }
  cache.tokens = tokens;
  return h;
}

void embedding_backward(const Mat& dh, const EmbeddingParams& p, const EmbeddingCache& cache, EmbeddingGrads& grads) {
  const Eigen::Index T = p.positions.rows();
  require(dh.rows() == Eigen::Index(cache.tokens.size()) && dh.cols() == p.tokens.cols(),
          "embedding_backward: dh must have the shape of h");
  // forward: h[n] = E[token_n] + P[n mod T], so each table row gathers the gradients of the rows that read it
  grads.dtokens.setZero(p.tokens.rows(), p.tokens.cols());
  grads.dpositions.setZero(T, p.positions.cols());
  for (Eigen::Index n = 0; n < dh.rows(); ++n) {
    grads.dtokens.row(Eigen::Index(cache.tokens[std::size_t(n)])) += dh.row(n);
    grads.dpositions.row(n % T) += dh.row(n);
  }
}

}  // namespace tk
