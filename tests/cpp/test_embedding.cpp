// Token + position embeddings (embedding.hpp): the lookup, the backward against finite differences, bad ids.
#include <gtest/gtest.h>

#include "check.hpp"
#include "embedding.hpp"

namespace tk {
namespace {

using test::all_close;
using test::Draw;

EmbeddingParams random_tables(Draw& draw, int V, int T, int d) {
  return EmbeddingParams{draw.matrix(V, d), draw.matrix(T, d)};
}

TEST(Embedding, LooksUpTheTokenAndAddsItsPosition) {
  Draw draw(1);
  const EmbeddingParams p = random_tables(draw, 5, 3, 4);
  EmbeddingCache cache;
  const Mat h = embedding_forward({4, 0, 4, 2, 2, 1}, p, cache);  // B = 2 sequences of T = 3
  ASSERT_EQ(h.rows(), 6);
  EXPECT_EQ(Vec(h.row(0)), Vec(p.tokens.row(4) + p.positions.row(0)));
  EXPECT_EQ(Vec(h.row(2)), Vec(p.tokens.row(4) + p.positions.row(2)));
  EXPECT_EQ(Vec(h.row(4)), Vec(p.tokens.row(2) + p.positions.row(1)));
}

TEST(Embedding, BackwardMatchesFiniteDifferences) {
  Draw draw(2);
  EmbeddingParams p = random_tables(draw, 6, 4, 3);
  const std::vector<std::int64_t> tokens = {1, 5, 5, 0, 3, 1, 1, 2};
  const Mat dh = draw.matrix(8, 3);
  EmbeddingCache cache;
  embedding_forward(tokens, p, cache);
  EmbeddingGrads grads;
  embedding_backward(dh, p, cache, grads);
  // loss = Σ dh ⊙ h, so its gradient is what the backward of dh gives
  auto loss = [&](const EmbeddingParams& q) {
    EmbeddingCache c;
    return (embedding_forward(tokens, q, c).array() * dh.array()).sum();
  };
  const Mat dtokens = test::numeric_gradient([&](const Mat& m) { return loss({m, p.positions}); }, p.tokens);
  const Mat dpositions = test::numeric_gradient([&](const Mat& m) { return loss({p.tokens, m}); }, p.positions);
  EXPECT_TRUE(all_close(grads.dtokens, dtokens, 1e-8, 1e-10));
  EXPECT_TRUE(all_close(grads.dpositions, dpositions, 1e-8, 1e-10));
  EXPECT_EQ(grads.dtokens.row(4).norm(), 0.0) << "a token that never occurs gets no gradient";
}

TEST(Embedding, RefusesIdsOutsideTheVocabularyAndRaggedSequences) {
  Draw draw(3);
  const EmbeddingParams p = random_tables(draw, 3, 2, 2);
  EmbeddingCache cache;
  EXPECT_EQ(test::thrown_message([&] {
              embedding_forward({0, 3}, p, cache);
            }),
            "embedding: a token id is outside 0 … 2");
  EXPECT_EQ(test::thrown_message([&] {
              embedding_forward({0, 1, 2}, p, cache);
            }),
            "embedding: 3 tokens do not make whole sequences of T = 2");
}

}  // namespace
}  // namespace tk
