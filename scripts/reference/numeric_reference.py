#!/usr/bin/env python3
"""Reference values for the numeric metrics, the F quantile, the calibration error and
`concord agreement --task numeric`, written to lib/stats/fixtures/numeric/*.json.

  numeric.json      MAE, RMSE, Lin's CCC (numpy, population moments), Pearson / Spearman /
                    Kendall τ-b (scipy.stats) and pingouin.intraclass_corr's ICC(A,1) and
                    ICC(C,1) with their 95 % intervals, on named (human, judge) inputs
  f-quantiles.json  F quantiles to 40 digits (mpmath), for lib/stats/f-distribution.ts
  calibration.json  ECE, Brier score and reliability bins (numpy, the bin rule of
                    lib/stats/calibration-error.ts), with sklearn's calibration_curve and
                    brier_score_loss beside them for comparison
  cli.json          rows with missing values and the command's expected output

pingouin is imported from a source directory, not copied:

  git -C /work/.mirror/raphaelvallat+pingouin/repo archive HEAD | tar -x -C /tmp/pg
  /usr/bin/python3 scripts/reference/numeric_reference.py /tmp/pg/src [OUT_DIR]

pingouin imports pandas_flavor, seaborn, tabulate and outdated, which the mean-squares code
does not use: missing ones are replaced by stubs. pingouin rounds CI95 to 2 decimals by
default (options["round.column.CI95"]); the option is cleared to keep every digit.
NaN is written as null.
"""
import json
import math
import os
import sys
import types
import warnings


def import_pingouin(source_dir):
    for name in ("seaborn", "tabulate", "outdated"):
        try:
            __import__(name)
        except ImportError:
            stub = types.ModuleType(name)
            stub.tabulate = lambda *a, **k: ""
            stub.check_outdated = lambda *a, **k: (False, "")
            stub.warn_if_outdated = lambda *a, **k: None
            sys.modules[name] = stub
    try:
        import pandas_flavor  # noqa: F401
    except ImportError:
        stub = types.ModuleType("pandas_flavor")
        stub.register_dataframe_method = lambda f: f
        stub.register_series_method = lambda f: f
        sys.modules["pandas_flavor"] = stub
    sys.path.insert(0, os.path.abspath(source_dir))
    import pingouin

    pingouin.options["round.column.CI95"] = None
    warnings.simplefilter("ignore")
    return pingouin


def finite(x):
    if x is None:
        return None
    x = float(x)
    return x if math.isfinite(x) else None


def icc_reference(pingouin, human, judge):
    """pingouin's ICC(A,1) ("ICC2") and ICC(C,1) ("ICC3"): targets = rows, raters = human, judge."""
    import pandas as pd

    n = len(human)
    long = pd.DataFrame({
        "target": list(range(n)) * 2,
        "rater": ["human"] * n + ["judge"] * n,
        "rating": list(human) + list(judge),
    })
    out = {"icc2_1": None, "icc2_1_ci": None, "icc3_1": None, "icc3_1_ci": None, "error": None}
    try:
        table = pingouin.intraclass_corr(data=long, targets="target", raters="rater", ratings="rating").set_index("Type")
    except Exception as error:  # noqa: BLE001 — pingouin's ANOVA fails on n < 2
        out["error"] = type(error).__name__
        return out
    for key, row in (("icc2_1", "ICC(A,1)"), ("icc3_1", "ICC(C,1)")):
        out[key] = finite(table.at[row, "ICC"])
        low, high = (finite(v) for v in table.at[row, "CI95"])
        out[f"{key}_ci"] = [low, high] if low is not None and high is not None else None
    return out


def numeric_reference(pingouin, human, judge):
    import numpy as np
    from scipy import stats

    x = np.asarray(human, dtype=float)
    y = np.asarray(judge, dtype=float)
    n = len(x)
    out = {"n": n}
    out["mae"] = finite(np.mean(np.abs(x - y))) if n else None
    out["rmse"] = finite(np.sqrt(np.mean((x - y) ** 2))) if n else None
    if n >= 2:
        sxy = np.mean((x - x.mean()) * (y - y.mean()))
        denominator = x.var() + y.var() + (x.mean() - y.mean()) ** 2
        out["ccc"] = finite(2 * sxy / denominator) if denominator != 0 else None
        out["pearson"] = finite(stats.pearsonr(x, y)[0]) if n >= 2 else None
        out["spearman"] = finite(stats.spearmanr(x, y)[0])
        out["kendall_tau_b"] = finite(stats.kendalltau(x, y, variant="b")[0])
    else:
        out.update(ccc=None, pearson=None, spearman=None, kendall_tau_b=None)
    out["icc"] = icc_reference(pingouin, human, judge)
    if out["icc"]["error"] is not None and n == 2:
        out["icc_statsmodels"] = icc_statsmodels(human, judge)
    return out


def icc_statsmodels(human, judge):
    """ICC(A,1) and ICC(C,1) by McGraw & Wong (1996) from statsmodels' two-way ANOVA, with
    scipy's F quantiles: for n = 2 targets, where pingouin's ANOVA asserts 5 ratings."""
    import pandas as pd
    from scipy.stats import f
    from statsmodels.formula.api import ols
    from statsmodels.stats.anova import anova_lm

    n, k = len(human), 2
    long = pd.DataFrame({"target": list(range(n)) * 2, "rater": ["h"] * n + ["j"] * n, "rating": list(human) + list(judge)})
    table = anova_lm(ols("rating ~ C(target) + C(rater)", data=long).fit())
    ms = table["sum_sq"] / table["df"]
    ms_t, ms_r, ms_e = ms["C(target)"], ms["C(rater)"], ms["Residual"]
    icc2 = (ms_t - ms_e) / (ms_t + (k - 1) * ms_e + k * (ms_r - ms_e) / n)
    icc3 = (ms_t - ms_e) / (ms_t + (k - 1) * ms_e)
    df1, df_e = n - 1, (n - 1) * (k - 1)
    f_l = ms_t / ms_e / f.ppf(0.975, df1, df_e)
    f_u = ms_t / ms_e * f.ppf(0.975, df_e, df1)
    ci3 = [(f_l - 1) / (f_l + k - 1), (f_u - 1) / (f_u + k - 1)]
    fj = ms_r / ms_e
    shared = n * (1 + (k - 1) * icc2) - k * icc2
    nu = df_e * (k * icc2 * fj + shared) ** 2 / (df1 * k**2 * icc2**2 * fj**2 + shared**2)
    f_star, f_star_reverse = f.ppf(0.975, df1, nu), f.ppf(0.975, nu, df1)
    rater_term = k * ms_r + (k * n - k - n) * ms_e
    ci2 = [n * (ms_t - f_star * ms_e) / (f_star * rater_term + n * ms_t),
           n * (f_star_reverse * ms_t - ms_e) / (rater_term + n * f_star_reverse * ms_t)]
    return {"icc2_1": finite(icc2), "icc2_1_ci": [finite(v) for v in ci2], "icc3_1": finite(icc3), "icc3_1_ci": [finite(v) for v in ci3]}


def numeric_cases(pingouin):
    import numpy as np

    rng = np.random.default_rng(20240611)
    quality = rng.random(60)
    continuous_h = np.round(1 + 4 * quality + rng.normal(0, 0.3, 60), 4).tolist()
    continuous_j = np.round(1.3 + 3.6 * quality + rng.normal(0, 0.5, 60), 4).tolist()
    likert_h = np.clip(np.round(1 + 4 * quality[:40] + rng.normal(0, 0.6, 40)), 1, 5).tolist()
    likert_j = np.clip(np.round(1 + 4 * quality[:40] + rng.normal(0, 0.8, 40)), 1, 5).tolist()
    big = rng.random(400)
    big_h = np.round(big * 10 + rng.normal(0, 1, 400), 3).tolist()
    big_j = np.round(big * 9 + 0.5 + rng.normal(0, 1.5, 400), 3).tolist()
    inputs = [
        ("continuous", "a judge on a shifted, shrunk scale with noise", continuous_h, continuous_j),
        ("likert", "1..5 integers with many ties", likert_h, likert_j),
        ("large", "n = 400, a biased judge", big_h, big_j),
        ("negative", "a judge that reverses the order", continuous_h[:20], [6 - v for v in continuous_h[:20]]),
        ("n2", "two rows", [1.0, 3.0], [2.0, 2.5]),
        ("n3", "three rows", [1.0, 3.0, 2.0], [2.0, 2.5, 2.6]),
        ("n1", "one row: only MAE and RMSE", [2.0], [3.5]),
        ("identical", "the judge equals the human: MS_E = 0", likert_h[:15], likert_h[:15]),
        ("shifted", "the judge is the human plus 1: MS_E = 0, raters differ", likert_h[:15], [v + 1 for v in likert_h[:15]]),
        ("human-constant", "every human value 3", [3.0] * 12, continuous_j[:12]),
        ("both-constant-equal", "every value 2.5", [2.5] * 8, [2.5] * 8),
        ("both-constant-different", "human all 2, judge all 4", [2.0] * 8, [4.0] * 8),
    ]
    return [{"name": name, "why": why, "human": h, "judge": j, **numeric_reference(pingouin, h, j)} for name, why, h, j in inputs]


def f_quantiles():
    import mpmath

    mpmath.mp.dps = 40
    out = []
    for p in (0.975, 0.95, 0.025, 0.5, 0.995):
        for d1, d2 in ((1, 1), (1, 7), (4, 4), (11, 11), (39, 39), (399, 399), (2.7183, 19), (19, 2.7183), (1, 399), (59, 0.8)):
            a, b = mpmath.mpf(d1) / 2, mpmath.mpf(d2) / 2
            lo, hi = mpmath.mpf(0), mpmath.mpf(1)
            for _ in range(150):  # bisection of I_z(a, b) = p: 2^-150 is below 40 digits
                mid = (lo + hi) / 2
                lo, hi = (mid, hi) if mpmath.betainc(a, b, 0, mid, regularized=True) < p else (lo, mid)
            z = (lo + hi) / 2
            out.append({"p": p, "d1": d1, "d2": d2, "quantile": float(d2 * z / (d1 * (1 - z)))})
    return out


def calibration_reference(confidence, correct):
    import numpy as np
    from sklearn.calibration import calibration_curve
    from sklearn.metrics import brier_score_loss

    c = np.asarray(confidence, dtype=float)
    y = np.asarray(correct, dtype=float)
    edges = np.array([b / 10 for b in range(11)])  # the doubles nearest to 0, 0.1, …, 1
    bins = np.minimum(np.searchsorted(edges[1:-1], c, side="right"), 9)
    table = []
    ece = 0.0
    for b in range(10):
        members = bins == b
        m = int(members.sum())
        mean_c = float(c[members].mean()) if m else None
        acc = float(y[members].mean()) if m else None
        table.append({"count": m, "mean_confidence": mean_c, "accuracy": acc})
        if m:
            ece += m / len(c) * abs(acc - mean_c)
    out = {"ece": ece if len(c) else None, "brier": finite(np.mean((c - y) ** 2)) if len(c) else None, "bins": table}
    if len(c) and len(np.unique(y)) <= 2:
        prob_true, prob_pred = calibration_curve(y, c, n_bins=10, strategy="uniform")
        out["sklearn"] = {"prob_true": prob_true.tolist(), "prob_pred": prob_pred.tolist(), "brier": float(brier_score_loss(y, c))}
    return out


def calibration_cases():
    import numpy as np

    rng = np.random.default_rng(99)
    confidence = np.round(rng.beta(5, 2, 300), 3)
    correct = (rng.random(300) < confidence ** 1.5).astype(int)
    on_edges = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 0.3, 0.7, 0.6, 0.35, 0.05, 0.95, 0.999]
    edge_correct = [0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 0, 0, 1, 1]
    spread = rng.random(200)
    spread_correct = (rng.random(200) < spread).astype(int)
    inputs = [
        ("beta", "300 confidences to 3 decimals, overconfident judge", confidence.tolist(), correct.tolist()),
        ("uniform", "200 unrounded confidences, none on an edge", spread.tolist(), spread_correct.tolist()),
        ("edges", "confidences on the bin edges, 0 and 1", on_edges, edge_correct),
        ("one-bin", "every confidence in [0.9, 1]", [0.9, 0.95, 1.0, 0.99, 0.91], [1, 1, 0, 1, 1]),
        ("perfect", "confidence 1 and always right", [1.0] * 6, [1] * 6),
        ("single", "one verdict", [0.42], [1]),
    ]
    return [{"name": name, "why": why, "confidence": c, "correct": y, **calibration_reference(c, y)} for name, why, c, y in inputs]


def cli_fixture(pingouin):
    import numpy as np

    rng = np.random.default_rng(7)
    rows = []
    for i in range(150):
        quality = rng.random()
        human = round(float(1 + 4 * quality + rng.normal(0, 0.4)), 3)
        judge = round(float(0.8 + 4.2 * quality + rng.normal(0, 0.6)), 3)
        if i % 13 == 5:
            human = None
        if i % 17 == 3:
            judge = None
        rows.append({"id": i, "split": "a" if i % 3 else "b", "human": human, "judge": judge})

    def expected(kept):
        pairs = [(r["human"], r["judge"]) for r in kept if r["human"] is not None and r["judge"] is not None]
        ref = numeric_reference(pingouin, [h for h, _ in pairs], [j for _, j in pairs])
        icc = ref.pop("icc")
        return {**ref, "n_dropped": len(kept) - len(pairs),
                "icc": {"icc2_1": icc["icc2_1"], "icc3_1": icc["icc3_1"]},
                "icc_ci95": {"icc2_1": icc["icc2_1_ci"], "icc3_1": icc["icc3_1_ci"]}}

    return {"rows": rows, "runs": [
        {"args": [], "expected": expected(rows)},
        {"args": ["--where", "split=b"], "expected": expected([r for r in rows if r["split"] == "b"])},
    ]}


def write(out_dir, name, value):
    with open(os.path.join(out_dir, name), "w") as f:
        json.dump(value, f, indent=1)
        f.write("\n")


def main():
    source_dir = sys.argv[1]
    out_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "../../lib/stats/fixtures/numeric")
    pingouin = import_pingouin(source_dir)
    os.makedirs(out_dir, exist_ok=True)
    generator = "scripts/reference/numeric_reference.py"
    write(out_dir, "numeric.json", {"generator": generator, "cases": numeric_cases(pingouin)})
    write(out_dir, "f-quantiles.json", {"generator": generator, "quantiles": f_quantiles()})
    write(out_dir, "calibration.json", {"generator": generator, "cases": calibration_cases()})
    write(out_dir, "cli.json", {"generator": generator, **cli_fixture(pingouin)})


if __name__ == "__main__":
    main()
