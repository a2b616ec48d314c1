// What every kernel shares out of line (tensor.hpp): the one place they throw for a bad argument, the finiteness check.
#include "tensor.hpp"

#include <cmath>
#include <limits>

namespace tk {

void throw_invalid_argument(const char* message) { throw std::invalid_argument(message); }
void throw_invalid_argument(const std::string& message) { throw std::invalid_argument(message); }
void throw_input_error(const char* input, const std::string& message) { throw InputError(input, message); }

__attribute__((noinline)) bool all_finite(const double* v, Eigen::Index n) {
  bool finite = true;
  for (Eigen::Index i = 0; i < n; ++i) finite &= std::fabs(v[i]) <= std::numeric_limits<double>::max();
  return finite;
}

}  // namespace tk
