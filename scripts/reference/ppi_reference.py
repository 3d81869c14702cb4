#!/usr/bin/env python3
"""Reference values for lib/stats/ppi.ts and `concord agreement --ppi`, computed by ppi_py.

Runs ppi_py's own `ppi_mean_pointestimate`, `ppi_mean_ci`, `_calc_lam_glm` and
`classical_mean_ci` on seeded inputs and writes inputs and outputs to
lib/stats/fixtures/ppi/*.json. ppi_py is imported from a source directory, not copied:

  git -C /work/.mirror/aangelopoulos+ppi_py/repo archive HEAD ppi_py | tar -x -C /tmp/ppi_src
  python3 scripts/reference/ppi_reference.py /tmp/ppi_src [OUT_DIR]

ppi_py imports numba (for other estimators) and tqdm; when they are missing they are
replaced by stubs (njit = identity), which leaves the mean estimators untouched.

Inputs come from Mulberry32 (lib/stats/seeded-random.ts `uniformSource`, ported below) and
only +, −, ×, / and floor, so the TypeScript tests can regenerate the large case bit for bit.
NaN (and ppi_py raising, e.g. ZeroDivisionError when N = 0) is written as null.
"""
import json
import math
import os
import sys
import types
import warnings


def import_ppi_py(source_dir):
    if "numba" not in sys.modules:
        try:
            import numba  # noqa: F401
        except ImportError:
            stub = types.ModuleType("numba")
            stub.njit = lambda *a, **k: a[0] if len(a) == 1 and callable(a[0]) and not k else (lambda f: f)
            sys.modules["numba"] = stub
    try:
        import tqdm  # noqa: F401
    except ImportError:
        stub = types.ModuleType("tqdm")
        stub.tqdm = lambda iterable=None, *a, **k: iterable
        sys.modules["tqdm"] = stub
    sys.path.insert(0, os.path.abspath(source_dir))
    import ppi_py
    from ppi_py.ppi import _calc_lam_glm

    warnings.simplefilter("ignore")
    return ppi_py, _calc_lam_glm


MASK = 0xFFFFFFFF


def uniform_source(seed):
    """Mulberry32, exactly as lib/stats/seeded-random.ts (all arithmetic mod 2^32)."""
    state = seed & MASK

    def imul(a, b):
        return (a * b) & MASK

    def next_uniform():
        nonlocal state
        state = (state + 0x6D2B79F5) & MASK
        t = state
        t = imul(t ^ (t >> 15), t | 1)
        t ^= (t + imul(t ^ (t >> 7), t | 61)) & MASK
        return ((t ^ (t >> 14)) & MASK) / 4294967296

    return next_uniform


def scored_rows(seed, count, judge_noise, human_noise):
    """(human 1..5 integer, judge score in [0, 1) to 4 decimals) from one latent quality."""
    u = uniform_source(seed)
    rows = []
    for _ in range(count):
        quality = u()
        judge = min(0.9999, max(0.0, quality + (u() - 0.5) * judge_noise))
        judge = math.floor(judge * 10000) / 10000
        latent = min(0.99999, max(0.0, quality + (u() - 0.5) * human_noise))
        rows.append((1 + math.floor(latent * 5), judge))
    return rows


def split(rows, n):
    y = [float(h) for h, _ in rows[:n]]
    y_hat = [j for _, j in rows[:n]]
    y_hat_unlabeled = [j for _, j in rows[n:]]
    return y, y_hat, y_hat_unlabeled


def finite(x):
    x = float(x)
    return x if math.isfinite(x) else None


def reference(ppi_py, calc_lam, y, y_hat, y_hat_unlabeled, alpha, lam=None):
    """ppi_py's figures for one input; None where it gives NaN/inf or raises."""
    import numpy as np

    Y, Yh, Yu = (np.asarray(a, dtype=float) for a in (y, y_hat, y_hat_unlabeled))
    out = {"mean": None, "ci_low": None, "ci_high": None, "lambda": lam, "lambda_unclipped": None, "ppi_py_error": None}
    try:
        out["mean"] = finite(np.ravel(ppi_py.ppi_mean_pointestimate(Y, Yh, Yu, lam=lam))[0])
        low, high = ppi_py.ppi_mean_ci(Y, Yh, Yu, alpha=alpha, lam=lam)
        out["ci_low"], out["ci_high"] = finite(np.ravel(low)[0]), finite(np.ravel(high)[0])
        if lam is None:
            # As ppi_mean_ci computes it: gradients centred on the λ = 1 estimate.
            theta = ppi_py.ppi_mean_pointestimate(Y, Yh, Yu, lam=1)
            grads = (Y.reshape(-1, 1) - theta, Yh.reshape(-1, 1) - theta, Yu.reshape(-1, 1) - theta)
            out["lambda"] = finite(calc_lam(*grads, np.eye(1), clip=True))
            out["lambda_unclipped"] = finite(calc_lam(*grads, np.eye(1), clip=False))
    except Exception as error:  # ppi_py raises ZeroDivisionError when N = 0 or n = 0
        out["ppi_py_error"] = type(error).__name__
    classical = {"mean": None, "ci_low": None, "ci_high": None}
    if len(Y) > 0:
        low, high = ppi_py.classical_mean_ci(Y, alpha=alpha)
        classical = {"mean": finite(Y.mean()), "ci_low": finite(low), "ci_high": finite(high)}
    both = np.concatenate([Yh, Yu])
    # λ is 0/0 here and ppi_py's answer is rounding noise: ppi.ts documents its own.
    out["predictions_constant"] = bool(len(both) > 0 and np.all(both == both[0]))
    judge_only = finite(both.mean()) if len(both) > 0 else None
    return {"ppi": out, "human_only": classical, "judge_only": judge_only}


def unit_cases(ppi_py, calc_lam):
    """Named datasets (y, y_hat, y_hat_unlabeled) and cases run on them."""
    datasets = {}
    cases = []

    def data(name, y, y_hat, y_hat_unlabeled):
        datasets[name] = {"y": y, "y_hat": y_hat, "y_hat_unlabeled": y_hat_unlabeled}
        return name

    def add(name, why, dataset, alpha=0.05, lam=None):
        d = datasets[dataset]
        ref = reference(ppi_py, calc_lam, d["y"], d["y_hat"], d["y_hat_unlabeled"], alpha, lam)
        cases.append({"name": name, "why": why, "data": dataset, "alpha": alpha, "lambda": lam, **ref})
        return ref

    # The judge on the human's 1..5 scale, noisy: the regression slope is below 1.
    on_scale = [(h, round(1 + 4 * j, 4)) for h, j in scored_rows(11, 2300, 1.2, 0.3)]
    interior = data("on-scale", *split(on_scale, 300))
    ref = add("interior", "judge on the 1..5 scale, power-tuned λ inside (0, 1)", interior)
    assert 0 < ref["ppi"]["lambda"] < 1, ref
    for lam in (0.0, 1.0, 0.25, 1.5, -0.5):
        add(f"fixed-lambda-{lam:g}", "λ given by the caller, not clipped", interior, 0.05, lam)
    add("interior-alpha-0.1", "ppi_py's default error level", interior, 0.1)
    add("interior-alpha-0.01", "99 % interval", interior, 0.01)

    # A probability-like judge (0..1) against 1..5 labels: the unclipped λ is far above 1.
    raw = scored_rows(12, 2300, 0.3, 0.3)
    ref = add("clip-high", "judge score in [0, 1) against 1..5 labels: unclipped λ > 1", data("probability", *split(raw, 300)))
    assert ref["ppi"]["lambda_unclipped"] > 1 and ref["ppi"]["lambda"] == 1, ref
    passes = [(1.0 if h >= 4 else 0.0, 1.0 if j >= 0.6 else 0.0) for h, j in raw]
    add("pass-rate", "0/1 indicators: human ≥ 4, judge ≥ 0.6", data("pass-indicators", *split(passes, 300)), 0.01)

    inverted = [(h, round(1 - j, 4)) for h, j in scored_rows(13, 1300, 0.6, 0.3)]
    ref = add("clip-low", "judge inversely related to the labels: unclipped λ < 0", data("inverted", *split(inverted, 200)))
    assert ref["ppi"]["lambda_unclipped"] < 0 and ref["ppi"]["lambda"] == 0, ref

    y, y_hat, y_hat_u = split(scored_rows(14, 1200, 0.4, 0.3), 100)
    add("constant-labels", "every label 3: λ 0 (ppi_py up to rounding noise)", data("labels-all-3", [3.0] * 100, y_hat, y_hat_u))
    add("constant-labeled-predictions", "Ŷ the same on the labeled rows only: λ 0 up to rounding noise",
        data("labeled-predictions-all-0.5", y, [0.5] * 100, y_hat_u))
    add("one-label", "n = 1: λ 0, zero-width intervals", data("n1", y[:1], y_hat[:1], y_hat_u))
    add("two-labels", "n = 2", data("n2", y[:2], y_hat[:2], y_hat_u))
    add("two-labels-one-unlabeled", "n = 2, N = 1", data("n2-N1", y[:2], y_hat[:2], y_hat_u[:1]))
    no_unlabeled = data("N0", y, y_hat, [])
    add("no-unlabeled", "N = 0: ppi_py raises ZeroDivisionError", no_unlabeled)
    add("no-unlabeled-fixed-lambda", "N = 0 with λ given: ppi_py gives NaN", no_unlabeled, 0.05, 0.5)
    add("no-labels", "n = 0: ppi_py raises ZeroDivisionError", data("n0", [], [], y_hat_u))

    # Every prediction equal: λ is 0/0. ppi_py returns NaN or an arbitrary λ depending on
    # rounding noise in the centring; keep one input of each kind.
    found = set()
    for seed in range(100, 200):
        rows = scored_rows(seed, 60 + seed, 0.4, 0.3)
        y = [1.0 if h >= 3 else 0.0 for h, _ in rows[:40]]
        ref = reference(ppi_py, calc_lam, y, [1.0] * 40, [1.0] * (20 + seed), 0.05)
        kind = "nan" if ref["ppi"]["lambda"] is None else "bound" if ref["ppi"]["lambda"] in (0, 1) else "between"
        if kind not in found:
            found.add(kind)
            name = data(f"predictions-all-1-{kind}", y, [1.0] * 40, [1.0] * (20 + seed))
            add(f"constant-predictions-{kind}", f"every prediction 1: ppi_py gives λ {kind}", name)
        if len(found) == 3:
            break
    return {"datasets": datasets, "cases": cases}


def large_case(ppi_py, calc_lam):
    """n = 10⁴ labeled, N = 10⁶ unlabeled, regenerated by the test from the same seed."""
    spec = {"seed": 20240601, "n": 10_000, "N": 1_000_000, "judge_noise": 0.8, "human_noise": 0.3, "alpha": 0.05}
    rows = scored_rows(spec["seed"], spec["n"] + spec["N"], spec["judge_noise"], spec["human_noise"])
    # The judge moved onto the 1..5 scale by 1 + 4·score (exact same doubles in TypeScript).
    y, y_hat, y_hat_u = split([(h, 1 + 4 * j) for h, j in rows], spec["n"])
    ref = reference(ppi_py, calc_lam, y, y_hat, y_hat_u, spec["alpha"])
    # Enough to tell a generator that drifted: an exact sum and values spread over the run.
    checks = {"sum_y": math.fsum(y), "y_hat": {str(i): y_hat[i] for i in (0, 1, 9999)},
              "y_hat_unlabeled": {str(j): y_hat_u[j] for j in (0, 123456, 500000, 999999)}}
    return {"generator": "scored_rows in scripts/reference/ppi_reference.py", **spec, "checks": checks, **ref}


def cli_case(ppi_py, calc_lam):
    """Rows for `concord agreement --ppi` and its figures for four invocations."""
    u = uniform_source(77)
    rows = []
    for i, (human, judge) in enumerate(scored_rows(15, 1200, 0.4, 0.3)):
        group = "a" if u() < 0.7 else "b"
        labeled = u() < 0.15
        record = {"id": i, "split": group, "human": human if labeled else None, "judge": judge}
        if labeled and u() < 0.1:
            record["human"] = human - 0.5  # halves: --scale rounds them up
        if u() < 0.03:
            record["judge"] = None  # dropped
        rows.append(record)

    def figures(where=None, alpha=0.05, scale=None, cuts=None, pass_level=None):
        kept = [r for r in rows if where is None or r["split"] == where]
        rated = [r for r in kept if r["judge"] is not None]

        def level_h(h):
            if scale is None:
                return float(h)
            return float(min(scale[1], max(scale[0], math.floor(h) + (1 if h - math.floor(h) >= 0.5 else 0))))

        def level_j(j):
            return float(j) if cuts is None else float(scale[0] + sum(1 for c in cuts if c <= j))

        lab = [r for r in rated if r["human"] is not None]
        unl = [r for r in rated if r["human"] is None]
        y = [level_h(r["human"]) for r in lab]
        y_hat = [level_j(r["judge"]) for r in lab]
        y_hat_u = [level_j(r["judge"]) for r in unl]
        out = {"n_labeled": len(lab), "n_unlabeled": len(unl), "n_dropped": len(kept) - len(rated)}
        out.update(reference(ppi_py, calc_lam, y, y_hat, y_hat_u, alpha))
        if pass_level is not None:
            ind = lambda values: [1.0 if v >= pass_level else 0.0 for v in values]  # noqa: E731
            out["pass_rate"] = reference(ppi_py, calc_lam, ind(y), ind(y_hat), ind(y_hat_u), alpha)
        if where is not None:
            out["n_not_matching"] = len(rows) - len(kept)
        return out

    runs = [
        {"args": [], "expected": figures()},
        {"args": ["--where", "split=a", "--alpha", "0.1"], "expected": figures(where="a", alpha=0.1)},
        {"args": ["--scale", "1:5", "--judge-cuts", "0.2,0.4,0.6,0.8", "--pass-level", "4"],
         "expected": figures(scale=(1, 5), cuts=[0.2, 0.4, 0.6, 0.8], pass_level=4)},
        {"args": ["--pass-level", "3.5", "--alpha", "0.01"], "expected": figures(alpha=0.01, pass_level=3.5)},
    ]
    return {"rows": rows, "runs": runs}


def write(path, value):
    with open(path, "w") as f:
        json.dump(value, f, separators=(",", ":"), allow_nan=False)
        f.write("\n")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    ppi_py, calc_lam = import_ppi_py(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "../../lib/stats/fixtures/ppi")
    os.makedirs(out_dir, exist_ok=True)
    import numpy, scipy, statsmodels

    versions = {"numpy": numpy.__version__, "scipy": scipy.__version__, "statsmodels": statsmodels.__version__}
    write(os.path.join(out_dir, "cases.json"), {"versions": versions, **unit_cases(ppi_py, calc_lam)})
    write(os.path.join(out_dir, "large.json"), {"versions": versions, **large_case(ppi_py, calc_lam)})
    write(os.path.join(out_dir, "cli.json"), {"versions": versions, **cli_case(ppi_py, calc_lam)})


if __name__ == "__main__":
    main()
