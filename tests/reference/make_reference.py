"""Reference fixtures for the stacking experiment and the training lab, computed with PyTorch.

What it writes
--------------
1. fixtures/stack/<name>.json: one file per configuration of the article's experiment, holding
the loss, the per-block gradient norms, the gradient norm at each block's input, the
residual-stream standard deviation after each block, checksums (and, for small
configurations, the exact hex values) of the input x and the target, and the first
entries of the stack output y. The experiment is the one pinned down in
docs/design/protocol.md (a copy of the essentials is in the code below):
a stack of L transformer blocks (attention + ReLU/GELU feed-forward + two
LayerNorms) in Post-LN, Pre-LN or no-residual wiring, PyTorch default
initialisation, float64, CPU, one thread, loss = mean((y - target)^2), one backward.

While it runs it prints, for the article-sized configurations, the values the
article's tables print, next to the protocol's values in docs/design/protocol.md, and checks
them to the printed digits (exit status 1 on any mismatch).

How to run it (from the repository root)
----------------------------------------
    bash tests/reference/install-torch.sh && /usr/bin/python3 tests/reference/make_reference.py

Always use /usr/bin/python3: Debian's python3-torch (PyTorch 1.13.1) is installed
for that interpreter. The tests that read the fixtures never need PyTorch.

2. fixtures/train/<name>.json: training runs of docs/design/training.md (train_reference.py):
   every step's loss, rate, per-block gradient norms (and for small runs the stream gradients).
3. fixtures/randint.json: torch.randint draws (the training lab's windows) for several seeds and ranges.
4. fixtures/adam.json: torch.optim.Adam's own updates of a random tensor over a few steps.
5. fixtures/rmsnorm.json: LLaMA's RMSNorm forward and backward on random rows (the RMSNorm kernel's own check).

`--only stack|train|randint|adam|rmsnorm` (comma list) writes some of them; `--names a,b` only the stack and train
fixtures whose names start with one of those prefixes.

The model code (build_stack, run_stack, ...) is also imported by bench_torch.py and train_reference.py.
"""

import json
import math
import os
import platform
import re
import struct
import sys

sys.dont_write_bytecode = True  # keep tests/reference free of __pycache__ (train_reference imports this file)

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

DTYPE = torch.float64
ACTIVATIONS = ("relu", "gelu")
HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.environ.get("REFERENCE_STACK_DIR", os.path.join(HERE, "fixtures", "stack"))
GENERATOR = "tests/reference/make_reference.py"


# --------------------------------------------------------------------------- wirings
#
# A wiring is a description (wasm/src/wiring.hpp, the chapter's "Build a wiring"): one sublayer is
#   u = scale_in * N_in(x);  v = g * (scale_out * N_out(F(u)));  s = alpha * x + v (or v);  x <- N_after(s)
# with the constants formulas in L (blocks) and i (the block, from 1). Written here a second time, on purpose: this
# is the oracle the kernels are checked against, so it must not read the kernels' own table.

BASE = dict(norm="ln", alpha="1", scale_in="1", scale_out="1", gate="none", gate0="1", beta="1", first_post="0")
PRESETS = {  # the places in/out/after/residual/final, then what differs from BASE
    "post": dict(BASE, **{"in": False, "out": False, "after": True, "residual": True, "final": False}),
    "pre": dict(BASE, **{"in": True, "out": False, "after": False, "residual": True, "final": True}),
    "nores": dict(BASE, **{"in": False, "out": False, "after": True, "residual": False, "final": False}),
    "prerms": dict(BASE, norm="rms", **{"in": True, "out": False, "after": False, "residual": True, "final": True}),
    "peri": dict(BASE, **{"in": True, "out": True, "after": False, "residual": True, "final": True}),
    "deepnorm": dict(BASE, alpha="(2*L)^0.25", beta="(8*L)^0.25",
                     **{"in": False, "out": False, "after": True, "residual": True, "final": False}),
    "rezero": dict(BASE, gate="block", gate0="0",
                   **{"in": False, "out": False, "after": False, "residual": True, "final": False}),
    "layerscale": dict(BASE, gate="channel", gate0="cait(L)",
                       **{"in": True, "out": False, "after": False, "residual": True, "final": True}),
    "mixln": dict(BASE, first_post="L/4", **{"in": True, "out": False, "after": False, "residual": True, "final": True}),
    "outnorm": dict(BASE, norm="rms", **{"in": False, "out": True, "after": False, "residual": True, "final": True}),
    "depthscaled": dict(BASE, scale_out="1/sqrt(2*L)",
                        **{"in": True, "out": False, "after": False, "residual": True, "final": True}),
    "lnscaling": dict(BASE, scale_in="1/sqrt(i)",
                      **{"in": True, "out": False, "after": False, "residual": True, "final": True}),
}
PLACEMENTS = tuple(PRESETS)
ARTICLE_PLACEMENTS = PLACEMENTS[:3]


def cait_init(L):
    """CaiT's LayerScale init_values by depth (0.1 up to 18 blocks, 1e-5 up to 24, 1e-6 beyond)."""
    return 0.1 if L <= 18 else (1e-5 if L <= 24 else 1e-6)


def formula(text, L, i):
    """A wiring's formula at depth L, block i (1-based): the grammar of wasm/src/expr.hpp, whose '^' binds as
    Python's '**' does (tightest, right to left, under a unary minus)."""
    assert re.fullmatch(r"[0-9.eE+\-*/^() Lisqrtcai]*", str(text)), text
    return float(eval(str(text).replace("^", "**"), {"__builtins__": {}},
                      {"L": L, "i": i, "sqrt": math.sqrt, "cait": cait_init}))


def spec_of(placement):
    """A preset's name, or a written wiring (a dict with an optional "from"), as a full description."""
    if isinstance(placement, str):
        return dict(PRESETS[placement])
    spec = dict(PRESETS[placement.get("from", "pre")])
    spec.update({k: v for k, v in placement.items() if k != "from"})
    return spec


def block_wiring(spec, index, L):
    """Block index (0-based) of L: the places and every constant evaluated; first_post's blocks are plain Post-LN."""
    if index < math.floor(formula(spec["first_post"], L, 1)):
        return dict(norm=spec["norm"], **{"in": False, "out": False, "after": True, "residual": True}, alpha=1.0,
                    scale_in=1.0, scale_out=1.0, gate="none", gate0=1.0, beta=1.0)
    w = {k: spec[k] for k in ("norm", "in", "out", "after", "residual", "gate")}
    for k in ("alpha", "scale_in", "scale_out", "gate0", "beta"):
        w[k] = formula(spec[k], L, index + 1)
    return w


class RMSNorm(nn.Module):
    """LLaMA's RMSNorm (meta-llama/llama, model.py): x * rsqrt(mean(x^2) + eps) * weight, weight = 1 at init."""

    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d, dtype=DTYPE))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def make_norm(kind, d):
    return RMSNorm(d) if kind == "rms" else nn.LayerNorm(d, eps=1e-5, dtype=DTYPE)


class Block(nn.Module):
    """One transformer block. The order of creation below is the order in which the
    modules draw their random numbers (each nn.Linear: weight, then bias), so it must
    not change: Wq, Wk, Wv, Wo, W1 (d -> F), W2 (F -> d); then the wiring's norms and
    gates, which draw nothing. `placement` is the stack's wiring (a preset's name or a
    written description); block `index` of a stack of `L` blocks."""

    def __init__(self, d, heads, ffn_mult, placement="post", L=1, index=0):
        super().__init__()
        assert d % heads == 0
        self.d, self.heads, self.hs = d, heads, d // heads
        f = ffn_mult * d
        self.wq = nn.Linear(d, d, dtype=DTYPE)
        self.wk = nn.Linear(d, d, dtype=DTYPE)
        self.wv = nn.Linear(d, d, dtype=DTYPE)
        self.wo = nn.Linear(d, d, dtype=DTYPE)
        self.w1 = nn.Linear(d, f, dtype=DTYPE)
        self.w2 = nn.Linear(f, d, dtype=DTYPE)
        self.w = w = block_wiring(spec_of(placement), index, L)
        for place in ("in", "out", "after"):
            if w[place]:
                setattr(self, "norm_%s_1" % place, make_norm(w["norm"], d))
                setattr(self, "norm_%s_2" % place, make_norm(w["norm"], d))
        if w["gate"] == "block":  # ReZero: one scalar per layer, shared by its sublayers
            self.gate = nn.Parameter(w["gate0"] * torch.ones(1, dtype=DTYPE))
        elif w["gate"] in ("sublayer", "channel"):  # LayerScale's gamma_1, gamma_2 (channel: d numbers)
            size = d if w["gate"] == "channel" else 1
            self.gate_1 = nn.Parameter(w["gate0"] * torch.ones(size, dtype=DTYPE))
            self.gate_2 = nn.Parameter(w["gate0"] * torch.ones(size, dtype=DTYPE))

    def linears(self):
        return [self.wq, self.wk, self.wv, self.wo, self.w1, self.w2]

    def attn(self, x, causal):
        B, T, d = x.shape
        H, hs = self.heads, self.hs
        # head h = feature columns h*hs .. (h+1)*hs-1
        q = self.wq(x).view(B, T, H, hs).transpose(1, 2)  # (B, H, T, hs)
        k = self.wk(x).view(B, T, H, hs).transpose(1, 2)
        v = self.wv(x).view(B, T, H, hs).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(hs)  # (B, H, T, T): [query i, key j]
        if causal:
            future = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)  # key j > query i
            scores = scores.masked_fill(future, float("-inf"))
        p = torch.softmax(scores, dim=-1)  # over keys
        out = (p @ v).transpose(1, 2).reshape(B, T, d)  # heads concatenated
        return self.wo(out)

    def ffn(self, x, activation):
        h = self.w1(x)
        h = F.relu(h) if activation == "relu" else F.gelu(h)  # gelu: exact erf form
        return self.w2(h)

    def sublayer(self, x, branch, k):
        w = self.w
        u = getattr(self, "norm_in_%d" % k)(x) if w["in"] else x
        if w["scale_in"] != 1:
            u = w["scale_in"] * u
        o = branch(u)
        if w["out"]:
            o = getattr(self, "norm_out_%d" % k)(o)
        if w["scale_out"] != 1:
            o = w["scale_out"] * o
        if w["gate"] == "block":
            o = self.gate * o
        elif w["gate"] != "none":
            o = getattr(self, "gate_%d" % k) * o
        if w["residual"]:
            o = o + (x if w["alpha"] == 1 else w["alpha"] * x)
        return getattr(self, "norm_after_%d" % k)(o) if w["after"] else o

    def forward(self, x, causal, activation):
        x = self.sublayer(x, lambda u: self.attn(u, causal), 1)
        return self.sublayer(x, lambda u: self.ffn(u, activation), 2)


def final_norm(placement, d):
    """The norm after the last block (None for a wiring without one); created after all blocks, it draws nothing."""
    spec = spec_of(placement)
    return make_norm(spec["norm"], d) if spec["final"] else None


def build_blocks(cfg):
    """The L blocks, the output scale and DeepNorm's divisor applied; then the final norm (or None)."""
    L, p = cfg["L"], cfg["placement"]
    blocks = [Block(cfg["d"], cfg["heads"], cfg["ffn_mult"], p, L, i) for i in range(L)]
    s = cfg["scale"]
    with torch.no_grad():
        if s != 1.0:
            for b in blocks:
                for lin in (b.wo, b.w2):
                    lin.weight.mul_(s)
                    lin.bias.mul_(s)
        for b in blocks:  # DeepNorm's beta (torchscale divides weight and bias after init)
            if b.w["beta"] != 1:
                for lin in (b.wv, b.wo, b.w1, b.w2):
                    lin.weight.div_(b.w["beta"])
                    lin.bias.div_(b.w["beta"])
    return blocks, final_norm(p, cfg["d"])


DEFAULTS = dict(placement="post", L=3, d=8, heads=2, ffn_mult=4, B=2, T=3, seed=0,
                scale=1.0, causal=False, activation="relu")


def make_config(**kw):
    cfg = dict(DEFAULTS)
    unknown = set(kw) - set(cfg)
    if unknown:
        raise KeyError(unknown)
    cfg.update(kw)
    cfg["scale"] = float(cfg["scale"])
    assert (cfg["placement"] in PLACEMENTS or isinstance(cfg["placement"], dict)) and cfg["activation"] in ACTIVATIONS
    return cfg


def build_stack(cfg):
    """Seed, build the L blocks (+ the final norm), apply the output scale (and DeepNorm's divisor), then draw
    x and target -- exactly the protocol's order of random draws.
    Returns (blocks, final_norm or None, x, target)."""
    torch.manual_seed(cfg["seed"])
    blocks, final = build_blocks(cfg)
    shape = (cfg["B"], cfg["T"], cfg["d"])
    x = torch.randn(*shape, dtype=DTYPE)
    target = torch.randn(*shape, dtype=DTYPE)
    return blocks, final, x, target


def forward_backward(cfg, blocks, final, x, target):
    """Forward through the stack, loss, one backward.
    Returns (loss, y, streams) where streams[i] is the input of block i+1 and
    streams[L] the stream after the last block (before the final norm); every stream
    tensor holds its .grad after the call."""
    x = x.clone().requires_grad_(True)
    streams = [x]
    h = x
    for b in blocks:
        h = b(h, cfg["causal"], cfg["activation"])
        h.retain_grad()
        streams.append(h)
    y = final(h) if final is not None else h
    loss = ((y - target) ** 2).mean()
    loss.backward()
    return loss, y, streams


def _norm(tensors):
    return math.sqrt(sum(float((t.detach() ** 2).sum()) for t in tensors))


def block_stats(blocks, streams):
    """Per-block statistics, lists indexed 0..L-1 for blocks 1..L."""
    stats = dict(grad_norm=[], grad_norm_weights=[], grad_norm_no_ln=[], input_grad_norm=[], stream_sd=[])
    for i, b in enumerate(blocks):
        lin = b.linears()
        stats["grad_norm"].append(_norm([p.grad for p in b.parameters()]))  # 6 Linear (w, b), the norms, the gates
        stats["grad_norm_weights"].append(_norm([m.weight.grad for m in lin]))
        stats["grad_norm_no_ln"].append(_norm([g for m in lin for g in (m.weight.grad, m.bias.grad)]))
        stats["input_grad_norm"].append(_norm([streams[i].grad]))
        stats["stream_sd"].append(float(torch.std(streams[i + 1].detach(), unbiased=True)))
    return stats


def run_stack(cfg):
    """Build, forward, backward, statistics. Returns a dict with everything a fixture needs."""
    blocks, final_ln, x, target = build_stack(cfg)
    loss, y, streams = forward_backward(cfg, blocks, final_ln, x, target)
    st = block_stats(blocks, streams)
    st["loss"] = float(loss)
    st["ratio"] = st["grad_norm"][0] / st["grad_norm"][-1]
    st["x"], st["target"], st["y"] = x, target, y.detach()
    return st


# --------------------------------------------------------------------------- fixtures

def fnv1a64(t):
    """FNV-1a 64 over the little-endian bytes of each float64, row-major."""
    h = 0xcbf29ce484222325
    for byte in struct.pack("<%dd" % t.numel(), *t.contiguous().view(-1).tolist()):
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def hex_list(t):
    return [float(v).hex() for v in t.contiguous().view(-1).tolist()]


def cpu_capability():
    cpu = getattr(torch.backends, "cpu", None)
    if cpu is not None and hasattr(cpu, "get_cpu_capability"):
        return cpu.get_cpu_capability()
    m = re.search(r"CPU capability usage:\s*(\S+)", torch.__config__.show())
    return m.group(1) if m else "unknown"


def fixture(cfg, r):
    out = {
        **header(),
        "config": {k: cfg[k] for k in DEFAULTS},
        "loss": r["loss"],
        "ratio": r["ratio"],
    }
    for k in ("grad_norm", "grad_norm_weights", "grad_norm_no_ln", "input_grad_norm", "stream_sd"):
        out[k] = r[k]
    out["x_fnv1a64"] = fnv1a64(r["x"])
    out["target_fnv1a64"] = fnv1a64(r["target"])
    if r["x"].numel() <= 512:
        out["x_hex"] = hex_list(r["x"])
        out["target_hex"] = hex_list(r["target"])
    out["y_hex_first"] = hex_list(r["y"])[:8]
    return out


def configurations():
    """(name, cfg) for every fixture."""
    cfgs = []
    tiny = dict(d=8, heads=2, L=3, B=2, T=3, ffn_mult=4)
    for p in ARTICLE_PLACEMENTS:
        for act in ACTIVATIONS:
            for causal in (False, True):
                name = "tiny_%s_%s%s_s0" % (p, act, "_causal" if causal else "")
                cfgs.append((name, make_config(placement=p, activation=act, causal=causal, seed=0, **tiny)))
    for p in ARTICLE_PLACEMENTS:
        cfgs.append(("tiny_%s_relu_scale3_s0" % p, make_config(placement=p, scale=3, seed=0, **tiny)))
    for p in ARTICLE_PLACEMENTS:
        cfgs.append(("tiny_%s_relu_s1" % p, make_config(placement=p, seed=1, **tiny)))
    for p in ARTICLE_PLACEMENTS:
        cfgs.append(("edge_%s_d8_h1_L2_B1_T1_s2" % p,
                     make_config(placement=p, d=8, heads=1, L=2, B=1, T=1, ffn_mult=4, seed=2)))
    for p in ARTICLE_PLACEMENTS:
        cfgs.append(("edge_%s_d16_h4_L5_B3_T4_s7" % p,
                     make_config(placement=p, d=16, heads=4, L=5, B=3, T=4, ffn_mult=4, seed=7)))
    art = dict(d=128, heads=4, B=8, T=16, ffn_mult=4, activation="relu", causal=False, seed=0)
    for p in ARTICLE_PLACEMENTS:
        cfgs.append(("article_%s_L20_s0" % p, make_config(placement=p, L=20, **art)))
    for s in (1, 3, 10):
        cfgs.append(("article_pre_L96%s_s0" % ("" if s == 1 else "_scale%d" % s),
                     make_config(placement="pre", L=96, scale=s, **art)))
    for L in (6, 24):
        cfgs.append(("article_pre_L%d_s0" % L, make_config(placement="pre", L=L, **art)))
    # Part 4's wirings: L = 4 and 5 so that Mix-LN has a Post-LN block; article-sized at L = 24 (and LayerScale
    # and DeepNorm at L = 48, where their rules give other constants)
    tiny4 = dict(tiny, L=4)
    for p in PLACEMENTS[3:]:
        cfgs.append(("tiny_%s_L4_relu_s0" % p, make_config(placement=p, seed=0, **tiny4)))
        cfgs.append(("tiny_%s_L4_gelu_causal_scale3_s1" % p,
                     make_config(placement=p, activation="gelu", causal=True, scale=3, seed=1, **tiny4)))
        cfgs.append(("edge_%s_d16_h4_L5_B3_T4_s7" % p,
                     make_config(placement=p, d=16, heads=4, L=5, B=3, T=4, ffn_mult=4, seed=7)))
        cfgs.append(("article_%s_L24_s0" % p, make_config(placement=p, L=24, **art)))
    for p in ("layerscale", "deepnorm"):
        cfgs.append(("article_%s_L48_s3" % p, make_config(placement=p, L=48, **dict(art, seed=3))))
    # wirings a reader writes: every key of the description off its preset's value somewhere, on small stacks
    for k, w in enumerate(written_wirings()):
        cfgs.append(("written%d_L4_s%d" % (k, k), make_config(placement=w, activation=("relu", "gelu")[k % 2],
                                                              causal=k % 3 == 0, seed=k, **tiny4)))
        cfgs.append(("written%d_edge_d16_h4_L5_B3_T4_s7" % k,
                     make_config(placement=w, d=16, heads=4, L=5, B=3, T=4, ffn_mult=4, seed=7)))
    cfgs.append(("written3_article_L24_s0", make_config(placement=written_wirings()[3], L=24, **art)))
    return cfgs


def written_wirings():
    """Eight written wirings, drawn once (random.Random(2026)) from values that exercise every key of the
    description: each place on and off, both norms, every gate, formulas in L and in i, first_post."""
    import random
    rng = random.Random(2026)
    choices = dict(
        alpha=["1", "0.5", "(2*L)^0.25", "1+0.1*i"], scale_in=["1", "0.7", "1/sqrt(i)", "2"],
        scale_out=["1", "1/sqrt(2*L)", "0.5", "1.5"], gate=["none", "block", "sublayer", "channel"],
        gate0=["0.5", "0.1*L^-0.5", "1", "0.3+0.1*i"], beta=["1", "(8*L)^0.25", "2", "1+0.5*i"],
        first_post=["0", "L/4", "1", "L/2"])
    out = []
    for k in range(8):
        w = {"from": PLACEMENTS[k % len(PLACEMENTS)], "norm": ("ln", "rms")[k % 2]}
        for place in ("in", "out", "after", "residual", "final"):
            w[place] = rng.random() < (0.75 if place == "residual" else 0.5)
        w["in"], w["after"] = (True, w["after"]) if not (w["in"] or w["after"] or w["out"]) else (w["in"], w["after"])
        for key, values in choices.items():
            w[key] = values[(k + rng.randrange(4)) % 4]
        if w["gate"] == "none":
            del w["gate0"]
        out.append(w)
    return out


# --------------------------------------------------------------------------- sanity check

# docs/design/protocol.md, "The article's numbers and the protocol's" (seed 0 values): key (placement, L, scale).
PROTOCOL = {
    ("post", 20, 1.0): dict(grad1="1.7767e-01", gradL="3.4463e-01", ratio="0.51554"),
    ("pre", 20, 1.0): dict(grad1="1.8856e-01", gradL="1.1457e-01", ratio="1.64584"),
    ("nores", 20, 1.0): dict(grad1="2.9905e-01", gradL="9.8626e-01", ratio="0.30321"),
    ("pre", 6, 1.0): dict(sd1="1.0373", sdL="1.2117", factor="1.1681"),
    ("pre", 24, 1.0): dict(sd1="1.0315", sdL="1.9075", factor="1.8492"),
    ("pre", 96, 1.0): dict(sd1="1.0393", sdL="3.5909", factor="3.4552", exponent="0.27165"),
    ("pre", 96, 3.0): dict(factor="9.2129", exponent="0.48651"),
    ("pre", 96, 10.0): dict(factor="14.187", exponent="0.58110"),
}


def same_digits(value, expected):
    """Format value with as many digits as the expected string prints, compare."""
    if "e" in expected:
        mant = expected.split("e")[0]
        digits = len(mant.split(".")[1]) if "." in mant else 0
        return format(value, ".%de" % digits) == expected
    digits = len(expected.split(".")[1]) if "." in expected else 0
    return format(value, ".%df" % digits) == expected


def sanity(cfg, r):
    """Print the article's quantities for an article configuration; return #mismatches."""
    L = cfg["L"]
    vals = dict(grad1=r["grad_norm"][0], gradL=r["grad_norm"][-1], ratio=r["ratio"])
    if cfg["placement"] == "pre":
        vals["sd1"], vals["sdL"] = r["stream_sd"][0], r["stream_sd"][-1]
        vals["factor"] = vals["sdL"] / vals["sd1"]
        vals["exponent"] = math.log(vals["factor"]) / math.log(L)
    expected = PROTOCOL.get((cfg["placement"], L, cfg["scale"]), {})
    bad = 0
    parts = []
    for k, v in vals.items():
        s = "%s=%.6g" % (k, v)
        if k in expected:
            ok = same_digits(v, expected[k])
            bad += not ok
            s += " [protocol %s %s]" % (expected[k], "ok" if ok else "MISMATCH")
        parts.append(s)
    print("    " + "  ".join(parts))
    return bad


def header():
    return {"generator": GENERATOR, "torch": torch.__version__, "python": platform.python_version(),
            "cpu_capability": cpu_capability()}


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(obj, f, indent=1)
        f.write("\n")


def train_configurations():
    """(name, cfg, record stream gradients?) for every training fixture: both tasks, all three placements,
    with and without warmup, non-default betas and eps, sizes other than the defaults, and the lab's
    default runs (the Post-LN stall and its warmup cure) at full length."""
    from train_reference import train_config
    tiny = dict(d=16, heads=2, L=3, B=2, T=4)
    tiny_char = dict(d=16, heads=2, L=2, B=2, T=8)
    return [
        ("regress_post_tiny_s0", train_config(placement="post", steps=40, **tiny), True),
        ("regress_pre_tiny_w10_s1", train_config(placement="pre", warmup=10, seed=1, steps=40, **tiny), True),
        ("regress_nores_tiny_beta2_s0", train_config(placement="nores", beta2=0.99, eps=1e-6, steps=40, **tiny), True),
        ("regress_post_gelu_tiny_w5_s3", train_config(placement="post", activation="gelu", warmup=5, beta1=0.8,
                                                      lr=1e-2, seed=3, steps=30, **tiny), True),
        ("regress_pre_d32_h4_L6_B3_T8_s2", train_config(placement="pre", d=32, heads=4, L=6, B=3, T=8, seed=2,
                                                        steps=30), True),
        ("char_post_tiny_s0", train_config(task="char", placement="post", lr=1e-2, steps=40, **tiny_char), True),
        ("char_pre_tiny_w8_s2", train_config(task="char", placement="pre", lr=1e-2, warmup=8, seed=2, steps=40,
                                             **tiny_char), True),
        ("char_nores_tiny_beta2_s0", train_config(task="char", placement="nores", lr=1e-2, beta2=0.95, steps=40,
                                                  **tiny_char), True),
        ("regress_post_L24_s0", train_config(placement="post"), False),
        ("regress_post_L24_w50_s0", train_config(placement="post", warmup=50), False),
        ("char_post_L24_s0", train_config(task="char", placement="post", lr=1e-3, steps=40), False),
    ] + [
        # Part 4's wirings: both tasks on small stacks (L = 4: Mix-LN has a Post-LN block), and three of the
        # lab's default runs at full length (L = 24, no warmup, 150 steps)
        ("regress_%s_tiny_L4_s0" % p, train_config(placement=p, steps=40, **dict(tiny, L=4)), True)
        for p in PLACEMENTS[3:]
    ] + [
        ("char_%s_tiny_L4_s1" % p, train_config(task="char", placement=p, lr=1e-2, seed=1, steps=40,
                                                **dict(tiny_char, L=4)), True)
        for p in PLACEMENTS[3:]
    ] + [
        ("regress_%s_L24_s0" % p, train_config(placement=p), False) for p in ("deepnorm", "mixln", "peri")
    ] + [
        # written wirings, trained: every gate kind learns, formulas in i, first_post
        ("regress_written%d_tiny_L4_s0" % k, train_config(placement=written_wirings()[k], steps=40,
                                                          **dict(tiny, L=4)), True) for k in (3, 4, 6, 7)
    ] + [
        ("char_written%d_tiny_L4_s1" % k, train_config(task="char", placement=written_wirings()[k], lr=1e-2, seed=1,
                                                       steps=40, **dict(tiny_char, L=4)), True) for k in (1, 3, 6)
    ]


def write_train_fixtures(names=None):
    from train_reference import TRAIN_DEFAULTS, summary, train
    for name, cfg, stream in train_configurations():
        if names is not None and not any(name.startswith(n) for n in names):
            continue
        records = train(cfg)
        if not stream:
            for r in records:
                del r["stream_grad_norm"]
        s = summary(cfg["task"], [r["loss"] for r in records])
        out = dict(header(), config={k: cfg[k] for k in TRAIN_DEFAULTS}, summary=s, steps=records)
        write_json(os.path.join(HERE, "fixtures", "train", name + ".json"), out)
        print("%-40s final loss %.10g  trained %s  ratio at the last step %.4g"
              % ("train/" + name + ".json", s["final_loss"], s["trained"],
                 records[-1]["grad_norm"][0] / records[-1]["grad_norm"][-1]))


def sample_configurations():
    """(name, cfg, prompt, length) for the char model's samples: a small stack long enough to learn the text, a
    prompt shorter than T and one longer (the window slides), at step 0, midway and at the end."""
    from train_reference import train_config
    small = dict(d=16, heads=2, L=2, B=2, T=8, lr=1e-2)
    return [
        ("char_pre_small_s0", train_config(task="char", placement="pre", steps=120, **small), "the qu", 30),
        ("char_post_small_s1", train_config(task="char", placement="post", seed=1, steps=60, **small),
         "jumps over the", 20),
        ("char_prerms_small_s2", train_config(task="char", placement="prerms", seed=2, steps=60, **small), "a", 12),
    ]


def write_sample_fixtures(names=None):
    from train_reference import TRAIN_DEFAULTS, train
    for name, cfg, prompt, length in sample_configurations():
        if names is not None and not any(name.startswith(n) for n in names):
            continue
        at = [0, cfg["steps"] // 2, cfg["steps"]]
        samples = dict(prompt=prompt, length=length, at=at, out=[])
        train(cfg, samples=samples)
        out = dict(header(), config={k: cfg[k] for k in TRAIN_DEFAULTS}, prompt=prompt, length=length,
                   samples=samples["out"])
        write_json(os.path.join(HERE, "fixtures", "sample", name + ".json"), out)
        print("%-40s %s" % ("sample/" + name + ".json", " | ".join(repr(s["text"]) for s in samples["out"])))


def write_randint_fixture():
    """torch.randint(low, high, (n,), generator) for ranges below and above 2**32 (one 32-bit or one 64-bit
    engine output per value), negative lows, and the lab's own windows (Generator().manual_seed(1000 + seed),
    range 900 - T - 1)."""
    cases = []
    for seed, low, high, n in [(1000, 0, 883, 20), (1001, 0, 883, 20), (1004, 0, 891, 12), (0, 0, 1, 5),
                               (5, -7, 13, 30), (7, 0, 2 ** 31 + 11, 10), (9, -2 ** 40, 2 ** 40, 10),
                               (2 ** 32 + 3, 100, 10 ** 12, 8), (42, 0, 2 ** 32, 6)]:
        gen = torch.Generator().manual_seed(seed)
        values = torch.randint(low, high, (n,), generator=gen).tolist()
        cases.append(dict(seed=seed, low=low, high=high, values=values))
    write_json(os.path.join(HERE, "fixtures", "randint.json"), dict(header(), cases=cases))
    print("randint.json: %d cases" % len(cases))


def write_adam_fixture():
    """Adam's update of one random tensor, step by step, by torch.optim.Adam itself (single-tensor path)."""
    cases = []
    for lr, betas, eps, steps, seed in [(3e-3, (0.9, 0.999), 1e-8, 6, 0), (1e-1, (0.8, 0.95), 1e-3, 5, 1),
                                        (1e-2, (0.0, 0.5), 0.0, 4, 2)]:
        torch.manual_seed(seed)
        p = torch.randn(24, dtype=DTYPE)
        grads = [torch.randn(24, dtype=DTYPE) * 10.0 ** (k - 2) for k in range(steps)]
        param = nn.Parameter(p.clone())
        opt = torch.optim.Adam([param], lr=lr, betas=betas, eps=eps)
        after = []
        for g in grads:
            param.grad = g.clone()
            opt.step()
            after.append(hex_list(param.detach()))
        cases.append(dict(lr=lr, beta1=betas[0], beta2=betas[1], eps=eps, param=hex_list(p),
                          grads=[hex_list(g) for g in grads], after=after))
    write_json(os.path.join(HERE, "fixtures", "adam.json"), dict(header(), cases=cases))
    print("adam.json: %d cases" % len(cases))


def write_rmsnorm_fixture():
    """LLaMA's RMSNorm (the RMSNorm class above) forward and backward on random rows: y, dx and dgain for a
    random upstream gradient dy, with eps 1e-6 (LLaMA's) and 0, a varying gain, and d = 1, 4 and 16."""
    cases = []
    for n, d, eps, seed in [(3, 4, 1e-6, 0), (5, 16, 1e-6, 1), (2, 4, 0.0, 2), (4, 1, 1e-6, 3), (3, 16, 0.25, 4)]:
        torch.manual_seed(seed)
        x = torch.randn(n, d, dtype=DTYPE) * 3.0
        norm = RMSNorm(d, eps)
        with torch.no_grad():
            norm.weight.copy_(torch.rand(d, dtype=DTYPE) + 0.5)
        dy = torch.randn(n, d, dtype=DTYPE)
        xg = x.clone().requires_grad_(True)
        y = norm(xg)
        (y * dy).sum().backward()
        cases.append(dict(eps=eps, rows=n, d=d, x=hex_list(x), gain=hex_list(norm.weight.detach()), dy=hex_list(dy),
                          y=hex_list(y.detach()), dx=hex_list(xg.grad), dgain=hex_list(norm.weight.grad)))
    write_json(os.path.join(HERE, "fixtures", "rmsnorm.json"), dict(header(), cases=cases))
    print("rmsnorm.json: %d cases" % len(cases))


def write_stack_fixtures(names=None):
    os.makedirs(OUT_DIR, exist_ok=True)
    bad = 0
    for name, cfg in configurations():
        if names is not None and not any(name.startswith(n) for n in names):
            continue
        r = run_stack(cfg)
        path = os.path.join(OUT_DIR, name + ".json")
        with open(path, "w") as f:
            json.dump(fixture(cfg, r), f, indent=1)
            f.write("\n")
        print("%-40s loss=%.10g ratio=%.10g" % (name + ".json", r["loss"], r["ratio"]))
        if name.startswith("article_"):
            bad += sanity(cfg, r)
    if bad:
        print("%d value(s) do NOT match docs/design/protocol.md: the implementation deviates from the protocol" % bad)
        sys.exit(1)
    print("all article values match docs/design/protocol.md to the printed digits")


def main():
    torch.set_num_threads(1)
    print("torch %s, python %s, cpu capability %s, threads %d"
          % (torch.__version__, platform.python_version(), cpu_capability(), torch.get_num_threads()))
    parts = {"stack": write_stack_fixtures, "train": write_train_fixtures, "sample": write_sample_fixtures,
             "randint": write_randint_fixture,
             "adam": write_adam_fixture, "rmsnorm": write_rmsnorm_fixture}
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else list(parts)
    names = sys.argv[sys.argv.index("--names") + 1].split(",") if "--names" in sys.argv else None
    for part in only:
        parts[part](names) if part in ("stack", "train", "sample") else parts[part]()


if __name__ == "__main__":
    main()
