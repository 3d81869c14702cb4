#!/usr/bin/env python3
"""Reference values for lib/stats/fleiss-kappa.ts and lib/stats/gwet-ac.ts, computed by irrCAC.

Runs irrCAC's own `irrCAC.raw.CAC(ratings, weights, categories, confidence_level).fleiss()`
and `.gwet()` on fixed inputs and writes inputs and outputs to
lib/stats/fixtures/numeric/cac.json. irrCAC is imported from a source directory, not copied:

  git -C /work/.mirror/afergadis+irrCAC/repo archive HEAD | tar -x -C /tmp/irr
  /usr/bin/python3 scripts/reference/gwet_reference.py /tmp/irr [OUT_DIR]

irrCAC rounds what it returns to `digits` places (5 by default) with Python's round and
np.round; both are replaced by the identity in irrCAC's module so the fixtures keep every
digit. Data are stored as data[rater][unit] (the orientation of krippendorffAlpha) with
null for a missing rating; irrCAC gets the transposed units × raters frame. NaN, and
irrCAC raising (ZeroDivisionError with a single category), are written as null.
mpmath (python3-mpmath) gives the exact t quantile of `ci_exact_t`.
Run with pandas 1.5 (Debian's python3-pandas): irrCAC lists the categories with
DataFrame.stack(), which drops missing values there.
"""
import json
import math
import os
import sys
import types
import warnings


def import_irrcac(source_dir):
    sys.path.insert(0, os.path.abspath(source_dir))
    import numpy as np
    from irrCAC import raw

    class NumpyWithoutRound(types.ModuleType):
        def __getattr__(self, name):
            return getattr(np, name)

    proxy = NumpyWithoutRound("numpy_without_round")
    proxy.round = lambda x, *args, **kwargs: x
    raw.np = proxy
    raw.round = lambda x, *args, **kwargs: x  # shadows the builtin inside irrCAC.raw
    warnings.simplefilter("ignore")
    return raw.CAC


def finite(x):
    if x is None:
        return None
    x = float(x)
    return x if math.isfinite(x) else None


def run_cac(CAC, data, method, weights, categories, confidence):
    import numpy as np
    import pandas as pd

    units = max(len(row) for row in data)
    frame = pd.DataFrame(
        {f"r{j}": [row[u] if u < len(row) and row[u] is not None else np.nan for u in range(units)] for j, row in enumerate(data)}
    )
    out = {"value": None, "pa": None, "pe": None, "se": None, "ci": None, "p_value": None, "error": None}
    try:
        cac = CAC(frame, weights=weights, categories=categories, confidence_level=confidence)
        result = getattr(cac, method)()
    except Exception as error:  # noqa: BLE001 — irrCAC raises ZeroDivisionError on one category
        out["error"] = type(error).__name__
        return out
    est = result["est"]
    low, high = est["confidence_interval"]
    out.update(
        value=finite(est["coefficient_value"]),
        pa=finite(est["pa"]),
        pe=finite(est["pe"]),
        se=finite(est["se"]),
        ci=[finite(low), finite(high)] if finite(low) is not None and finite(high) is not None else None,
        p_value=finite(est["p_value"]),
    )
    out["categories"] = [c if isinstance(c, str) else float(c) for c in result["categories"]]
    out["weight_matrix"] = [[finite(w) for w in row] for row in np.asarray(result["weights"]).tolist()]
    out["n_units"] = int(cac.n)
    # irrCAC's interval takes t from scipy.stats.t.interval; scipy 1.10's t.ppf is good to
    # ~1e-9 only, so the same interval is also given with t to full precision (mpmath).
    if out["ci"] is not None and out["value"] is not None:
        t = exact_t_critical(confidence, cac.n - 1)
        se = out["se"]
        out["ci_exact_t"] = [out["value"] - t * se, min(1.0, out["value"] + t * se)]
    return out


def exact_t_critical(confidence, df):
    """t with P(|T_df| <= t) = confidence, from I_{df/(df+t^2)}(df/2, 1/2) = 1 - confidence."""
    import mpmath

    mpmath.mp.dps = 40
    tail = mpmath.mpf(1) - mpmath.mpf(confidence)
    f = lambda t: mpmath.betainc(mpmath.mpf(df) / 2, 0.5, 0, df / (df + t * t), regularized=True) - tail
    return float(mpmath.findroot(f, 2))


def seeded_table(seed, raters, units, levels, missing):
    """Ratings 1..levels around a latent unit value, some missing; data[rater][unit]."""
    import numpy as np

    rng = np.random.default_rng(seed)
    latent = rng.integers(1, levels + 1, size=units)
    data = []
    for _ in range(raters):
        noise = rng.choice([-1, 0, 0, 0, 1], size=units)
        row = np.clip(latent + noise, 1, levels).astype(int).tolist()
        drop = rng.random(units) < missing
        data.append([None if d else int(v) for v, d in zip(row, drop)])
    return data


def datasets():
    """Named inputs, data[rater][unit]."""
    n = None
    # Gwet (2014) / irrCAC's raw_4raters: 4 raters, 12 units, 5 categories, missing ratings.
    four = [
        [1, 2, 3, 3, 2, 1, 4, 1, 2, n, n, n],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, n, n],
        [n, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 3],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, n],
    ]
    seeded = seeded_table(7, 5, 40, 5, 0.3)
    # Make sure the seeded table has a unit rated once and a unit nobody rated.
    for j in range(5):
        seeded[j][0] = 4 if j == 2 else None
        seeded[j][1] = None
    complete = seeded_table(8, 3, 30, 4, 0.0)
    two = seeded_table(9, 2, 25, 3, 0.0)
    once = [[1, 1, 2, 2, 3, 1, 2], [1, 1, 2, 2, 1, 1, 2], [1, 2, 2, n, 1, 1, 2]]  # category 3 once
    text = [
        ["good", "bad", "ok", "good", "Zed", "ok", "éclair"],
        ["good", "bad", "bad", "good", "Zed", None, "éclair"],
        ["ok", "bad", "ok", None, "apple", "ok", "Éclair"],
    ]
    spaced = [[1, 2, 5, 10, 10, 2, 1, 5], [1, 2, 10, 10, 5, 1, 1, 5], [2, 2, 5, 10, 10, 2, n, 1]]
    agree = [[1, 2, 3, 2, 1, n], [1, 2, 3, 2, n, 3], [1, 2, n, 2, 1, 3]]
    single = [[2, 2, n, 2], [2, n, 2, 2], [n, 2, 2, 2]]
    unpaired = [[1, n, 3, n], [n, 2, n, n], [n, n, n, 1]]
    return {
        "four-raters": four,
        "seeded-missing": seeded,
        "seeded-complete": complete,
        "two-raters": two,
        "category-once": once,
        "text-labels": text,
        "unequal-spacing": spaced,
        "all-agree": agree,
        "one-category": single,
        "no-pairs": unpaired,
    }


def cases(CAC, data):
    runs = []

    def add(name, dataset, weights="identity", categories=None, confidence=0.95):
        for method in ("fleiss", "gwet"):
            ref = run_cac(CAC, data[dataset], method, weights, categories, confidence)
            runs.append({"name": name, "data": dataset, "method": method, "weights": weights,
                         "categories": categories, "confidence": confidence, **ref})

    for dataset in data:
        for weights in ("identity", "quadratic", "linear", "ordinal"):
            add(f"{dataset} {weights}", dataset, weights)
    add("four-raters full scale 1..6", "four-raters", "quadratic", [1, 2, 3, 4, 5, 6])
    add("seeded-missing scale 0..6", "seeded-missing", "identity", [0, 1, 2, 3, 4, 5, 6])
    add("seeded-missing 90 %", "seeded-missing", "linear", None, 0.9)
    add("seeded-missing 99 %", "seeded-missing", "ordinal", None, 0.99)
    return runs


def main():
    source_dir = sys.argv[1]
    out_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "../../lib/stats/fixtures/numeric")
    CAC = import_irrcac(source_dir)
    data = datasets()
    fixture = {"generator": "scripts/reference/gwet_reference.py (irrCAC.raw.CAC)", "datasets": data, "runs": cases(CAC, data)}
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "cac.json"), "w") as f:
        json.dump(fixture, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
