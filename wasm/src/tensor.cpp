// The one place the kernels throw for a bad argument (tensor.hpp's require).
#include "tensor.hpp"

namespace tk {

void throw_invalid_argument(const char* message) { throw std::invalid_argument(message); }
void throw_invalid_argument(const std::string& message) { throw std::invalid_argument(message); }

}  // namespace tk
