"""The training lab's protocol in PyTorch (docs/design/training.md), float64, CPU, one thread.

Imported by make_reference.py (which writes the fixtures tests/reference/fixtures/train/*.json) and by
bench_torch.py (which times a training run beside the kernel's). The stack is make_reference.py's (the
article's protocol); a task adds the data and the loss:

  regress  manual_seed(seed); the stack; x = randn(B, T, d); target = randn(B, T, d); loss = mean((y - target)^2)
  char     manual_seed(seed); the stack (causal); E = Embedding(V, d); P = Embedding(T, d); head = Linear(d, V);
           windows of the text drawn with randint from Generator().manual_seed(1000 + seed);
           loss = cross-entropy (mean over the B*T positions) of head(stack(E[tokens] + P)) against the next ids

Adam (betas, eps, no weight decay) over every parameter, with a linear warmup over W steps by LambdaLR
stepped after every optimiser step. Every step records, before its update, the loss, the rate its update
uses, each block's gradient norm (all its parameters) and the norm of d loss / d (input of block i).
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from make_reference import DTYPE, build_blocks

TEXT = "the quick brown fox jumps over the lazy dog. " * 20  # 900 characters
VOCAB = sorted(set(TEXT))  # 28: space, '.', a..z
THRESHOLD = {"regress": 0.2, "char": 1.0}
FINAL_WINDOW = 10

TRAIN_DEFAULTS = dict(task="regress", placement="post", L=24, d=64, heads=4, ffn_mult=4, B=2, T=16, seed=0,
                      causal=False, activation="relu", lr=3e-3, beta1=0.9, beta2=0.999, eps=1e-8, warmup=0,
                      steps=150)


def train_config(**kw):
    cfg = dict(TRAIN_DEFAULTS)
    unknown = set(kw) - set(cfg)
    if unknown:
        raise KeyError(unknown)
    cfg.update(kw)
    if cfg["task"] == "char":
        cfg["causal"] = True  # next-character prediction may not look ahead
    return cfg


class Model:
    """The stack (+ the wiring's final norm) and, for `char`, the embeddings and the head, built in the
    protocol's order of random draws."""

    def __init__(self, cfg):
        self.cfg = cfg
        d, L = cfg["d"], cfg["L"]
        torch.manual_seed(cfg["seed"])
        self.blocks, self.final_norm = build_blocks(dict(cfg, scale=1.0))
        if cfg["task"] == "regress":
            shape = (cfg["B"], cfg["T"], d)
            self.x = torch.randn(*shape, dtype=DTYPE)
            self.target = torch.randn(*shape, dtype=DTYPE)
            self.extra = []
        else:
            self.tok = nn.Embedding(len(VOCAB), d, dtype=DTYPE)
            self.pos = nn.Embedding(cfg["T"], d, dtype=DTYPE)
            self.head = nn.Linear(d, len(VOCAB), dtype=DTYPE)
            self.ids = torch.tensor([VOCAB.index(c) for c in TEXT], dtype=torch.long)
            self.data = torch.Generator().manual_seed(1000 + cfg["seed"])
            self.extra = [self.tok, self.pos, self.head]

    def parameters(self):
        ps = [p for b in self.blocks for p in b.parameters()]
        if self.final_norm is not None:
            ps += list(self.final_norm.parameters())
        for m in self.extra:
            ps += list(m.parameters())
        return ps

    def batch(self):
        """The next batch: (input of block 1, what the loss compares with)."""
        cfg = self.cfg
        if cfg["task"] == "regress":
            return self.x.clone().requires_grad_(True), self.target
        B, T = cfg["B"], cfg["T"]
        starts = torch.randint(0, len(TEXT) - T - 1, (B,), generator=self.data)
        tokens = torch.stack([self.ids[s:s + T] for s in starts.tolist()])
        targets = torch.stack([self.ids[s + 1:s + T + 1] for s in starts.tolist()])
        h = self.tok(tokens) + self.pos(torch.arange(T))
        return h, targets

    def loss(self, h0, target):
        """Forward from the input of block 1; returns (loss, streams: the input of every block, the stream after
        the last block)."""
        cfg = self.cfg
        streams, h = [], h0
        for b in self.blocks:
            h.retain_grad()
            streams.append(h)
            h = b(h, cfg["causal"], cfg["activation"])
        y = self.final_norm(h) if self.final_norm is not None else h
        if cfg["task"] == "regress":
            return ((y - target) ** 2).mean(), streams, h
        logits = self.head(y).reshape(-1, len(VOCAB))
        return F.cross_entropy(logits, target.reshape(-1)), streams, h


def sample(model, prompt, length):
    """The char model's greedy continuation of prompt (length characters: each the argmax of the next-character
    distribution, the first of equal ones) and the probabilities of the character after the prompt. Each
    prediction sees the last T characters at positions 0, 1, ...; a shorter context is padded after its end,
    where the causal mask keeps the padding out of what is read (the logits at the context's last position)."""
    cfg = model.cfg
    T = cfg["T"]
    ids = [VOCAB.index(c) for c in prompt]
    text, first = "", None
    with torch.no_grad():
        for k in range(length):
            context = ids[-T:]
            n = len(context)
            window = torch.tensor([context + [0] * (T - n)], dtype=torch.long)
            h = model.tok(window) + model.pos(torch.arange(T))
            for b in model.blocks:
                h = b(h, True, cfg["activation"])
            y = model.final_norm(h) if model.final_norm is not None else h
            p = torch.softmax(model.head(y)[0, n - 1], dim=-1)
            if k == 0:
                first = p.tolist()
            best = int(torch.argmax(p))
            ids.append(best)
            text += VOCAB[best]
    return dict(text=text, probabilities=first)


def norm(tensors):
    return math.sqrt(sum(float((t.detach() ** 2).sum()) for t in tensors))


def train(cfg, on_step=None, samples=None):
    """Runs cfg["steps"] Adam steps. Returns the list of step records (dicts). samples (char only):
    {"prompt", "length", "at": [k, ...]} appends to samples["out"] the model's sample after k updates."""
    model = Model(cfg)
    take = lambda k: samples["out"].append(dict(step=k, **sample(model, samples["prompt"], samples["length"]))) \
        if samples is not None and k in samples["at"] else None
    take(0)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"], betas=(cfg["beta1"], cfg["beta2"]), eps=cfg["eps"])
    W = cfg["warmup"]
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / W)) if W > 0 else None
    records = []
    for step in range(cfg["steps"]):
        h0, target = model.batch()
        opt.zero_grad()
        loss, streams, last = model.loss(h0, target)
        loss.backward()
        rec = dict(step=step, lr=opt.param_groups[0]["lr"], loss=float(loss),
                   grad_norm=[norm([p.grad for p in b.parameters()]) for b in model.blocks],
                   stream_grad_norm=[norm([s.grad]) for s in streams],
                   stream_sd=float(torch.std(last.detach(), unbiased=True)))
        records.append(rec)
        if on_step:
            on_step(rec)
        opt.step()
        if sched:
            sched.step()
        take(step + 1)
    return records


def summary(task, losses):
    last = losses[-FINAL_WINDOW:]
    final = sum(last) / len(last)
    return dict(final_loss=final, trained=final < THRESHOLD[task])
