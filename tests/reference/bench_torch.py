"""Time the article's table B in PyTorch (CPU, float64), for comparison with the
chapter's native and WebAssembly kernels.

Each run = build the model (seed, L blocks, x, target), forward, backward, per-block
norms -- the same code as make_reference.py (imported, not copied). One JSON line per
run, then one summary line: total wall time, time in forward+backward alone, the
estimated GFLOP/s of forward+backward, and the median ratio per (placement, L), which
for the default arguments must equal the article's table B
(L=6: 0.671 / 1.20 / 0.773 ... L=96: 0.306 / 2.89 / 0.031 for post / pre / nores).

Usage (from the repository root):
    bash tests/reference/install-torch.sh
    /usr/bin/python3 tests/reference/bench_torch.py [--L 6,24,48,96] [--seeds 0-5]
        [--placements post,pre,nores] [--threads 1]
    /usr/bin/python3 tests/reference/bench_torch.py --train [--L 24] [--seeds 0] [--placements post]
        [--steps 150] [--warmup 0]
The second form times the training lab's run (train_reference.py, docs/design/training.md) instead: one JSON
line per run with its seconds, GFLOP/s and final loss, beside which `npm run bench` prints the kernel's.

FLOP count (2*m*n*k per matmul), N = B*T tokens, F = ffn_mult*d, H heads of hs:
per block forward = 4 projections 2*N*d*d + FFN 2*2*N*d*F + attention 2*2*B*H*T*T*hs,
backward = 2 x forward.
"""

import argparse
import json
import os
import statistics
import sys
import time

sys.dont_write_bytecode = True  # keep tests/reference free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402

import make_reference as ref  # noqa: E402

ARTICLE = dict(d=128, heads=4, B=8, T=16, ffn_mult=4, activation="relu", causal=False, scale=1.0)


def int_list(s):
    """'6,24' -> [6, 24]; '0-5' -> [0..5]; mixtures like '0-2,7' allowed."""
    out = []
    for part in s.split(","):
        if "-" in part[1:]:
            a, b = part.split("-", 1)
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def flops_per_run(cfg):
    B, T, d, H = cfg["B"], cfg["T"], cfg["d"], cfg["heads"]
    N, F, hs = B * T, cfg["ffn_mult"] * cfg["d"], cfg["d"] // cfg["heads"]
    fwd = 4 * 2 * N * d * d + 2 * 2 * N * d * F + 2 * 2 * B * H * T * T * hs
    return 3 * fwd * cfg["L"]  # forward + backward (2 x forward)


def bench_training(args):
    import train_reference as tr
    for L in args.L:
        for p in args.placements:
            for seed in args.seeds:
                cfg = tr.train_config(placement=p, L=L, seed=seed, steps=args.steps, warmup=args.warmup)
                t0 = time.perf_counter()
                records = tr.train(cfg)
                seconds = time.perf_counter() - t0
                flops = flops_per_run(cfg) * cfg["steps"]
                s = tr.summary(cfg["task"], [r["loss"] for r in records])
                print(json.dumps(dict(train=True, placement=p, L=L, seed=seed, steps=cfg["steps"],
                                      warmup=cfg["warmup"], d=cfg["d"], seconds=round(seconds, 3),
                                      gflop=round(flops / 1e9, 3), gflops_per_second=round(flops / seconds / 1e9, 3),
                                      final_loss=s["final_loss"], trained=s["trained"],
                                      threads=torch.get_num_threads())), flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--train", action="store_true", help="time the training lab's run instead of table B")
    ap.add_argument("--steps", default=150, type=int)
    ap.add_argument("--warmup", default=0, type=int)
    ap.add_argument("--L", default=None, type=int_list)
    ap.add_argument("--seeds", default="0-5", type=int_list)
    ap.add_argument("--placements", default="post,pre,nores", type=lambda s: s.split(","))
    ap.add_argument("--threads", default=1, type=int)
    args = ap.parse_args(argv)
    for p in args.placements:
        if p not in ref.PLACEMENTS:
            ap.error("unknown placement %r" % p)
    torch.set_num_threads(args.threads)
    if args.train:
        args.L = args.L or [24]
        if args.placements == list(ref.PLACEMENTS):
            args.placements = ["post"]
        if args.seeds == int_list("0-5"):
            args.seeds = [0]
        return bench_training(args)
    args.L = args.L or int_list("6,24,48,96")

    ratios, ratios_no_ln = {}, {}
    t_fb = 0.0
    flops = 0
    t_start = time.perf_counter()
    for L in args.L:
        for p in args.placements:
            for seed in args.seeds:
                cfg = ref.make_config(placement=p, L=L, seed=seed, **ARTICLE)
                t0 = time.perf_counter()
                blocks, final_ln, x, target = ref.build_stack(cfg)
                t1 = time.perf_counter()
                _, _, streams = ref.forward_backward(cfg, blocks, final_ln, x, target)
                t2 = time.perf_counter()
                st = ref.block_stats(blocks, streams)
                t3 = time.perf_counter()
                ratio = st["grad_norm"][0] / st["grad_norm"][-1]
                ratios.setdefault((p, L), []).append(ratio)
                ratios_no_ln.setdefault((p, L), []).append(st["grad_norm_no_ln"][0] / st["grad_norm_no_ln"][-1])
                t_fb += t2 - t1
                flops += flops_per_run(cfg)
                print(json.dumps(dict(placement=p, L=L, seed=seed, seconds=round(t3 - t0, 4),
                                      build_seconds=round(t1 - t0, 4), fwd_bwd_seconds=round(t2 - t1, 4),
                                      ratio=ratio)), flush=True)
    total = time.perf_counter() - t_start
    summary = dict(
        summary=True,
        torch=torch.__version__,
        cpu_capability=ref.cpu_capability(),
        threads=torch.get_num_threads(),
        runs=sum(len(v) for v in ratios.values()),
        blocks=sum(L * len(args.placements) * len(args.seeds) for L in args.L),
        total_seconds=round(total, 3),
        fwd_bwd_seconds=round(t_fb, 3),
        gflop=round(flops / 1e9, 3),
        gflops_per_second=round(flops / t_fb / 1e9, 3),
        median_ratio={"%s L=%d" % k: statistics.median(v) for k, v in ratios.items()},
        median_ratio_no_ln={"%s L=%d" % k: statistics.median(v) for k, v in ratios_no_ln.items()},
    )
    print(json.dumps(summary), flush=True)


if __name__ == "__main__":
    main()
