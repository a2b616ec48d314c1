#!/usr/bin/env bash
# Install PyTorch the project's way: Debian's python3-torch (PyTorch 1.13.1) for
# the system interpreter /usr/bin/python3 (not a pyenv/venv python3 on PATH).
# Idempotent: does nothing when /usr/bin/python3 can already import torch.
# Only the fixture generator (make_reference.py) and bench_torch.py need this;
# the tests themselves never need PyTorch.
set -euo pipefail

PY=/usr/bin/python3

if "$PY" -c 'import torch' >/dev/null 2>&1; then
    echo "torch already available for $PY: $("$PY" -c 'import torch; print(torch.__version__)')"
    exit 0
fi

CMD="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3-torch"

if [ "$(id -u)" -ne 0 ]; then
    echo "PyTorch is not importable by $PY. Install it as root with:" >&2
    echo "  sudo sh -c '$CMD'" >&2
    exit 1
fi

echo "installing python3-torch with apt-get ..."
sh -c "$CMD"

"$PY" -c 'import torch; print("installed torch", torch.__version__)'
