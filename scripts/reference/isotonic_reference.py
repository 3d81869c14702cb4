#!/usr/bin/python3
"""Reference values for lib/stats/isotonic.ts and `concord calibrate`, from scikit-learn.

Each case fits IsotonicRegression(increasing=True, out_of_bounds="clip") and records
X_thresholds_, y_thresholds_ and predict() on the training x and on probe points inside and
outside the fitted range. Cases with at least 5 points also record the command line's
out-of-fold figures: KFold(n_splits=5, shuffle=False), each fold predicted by a map fitted
on the other four, mae = mean |oof - human| and mae_raw = mean |judge - human| (np.mean).

Usage:
  /usr/bin/python3 scripts/reference/isotonic_reference.py [--out DIR]
The long case is rebuilt from a formula (modular() here, in the test too) and checks the
out-of-fold MAE past numpy's 8192-element summation blocks.
Writes DIR/cases.json and DIR/cli.json (default lib/stats/fixtures/isotonic).
"""
import argparse
import json
import os

import numpy as np
import sklearn
from sklearn.isotonic import IsotonicRegression
from sklearn.model_selection import KFold

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "lib", "stats", "fixtures", "isotonic")


def model():
    return IsotonicRegression(increasing=True, out_of_bounds="clip")


def out_of_fold(x, y):
    """The CLI's cross-fitted predictions and MAEs, as anyone would compute them."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    oof = np.empty_like(y)
    for train, test in KFold(n_splits=5, shuffle=False).split(x):
        oof[test] = model().fit(x[train], y[train]).predict(x[test])
    return {
        "predictions": oof.tolist(),
        "mae": float(np.mean(np.abs(oof - y))),
        "mae_raw": float(np.mean(np.abs(x - y))),
    }


def case(name, why, x, y, weights=None):
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    fitted = model().fit(x, y, sample_weight=None if weights is None else np.asarray(weights, dtype=np.float64))
    lo, hi = float(np.min(x)), float(np.max(x))
    span = hi - lo if hi > lo else 1.0
    probes = np.concatenate([[lo - span, lo, hi, hi + span], np.linspace(lo - 0.1 * span, hi + 0.1 * span, 23), x[:50]])
    result = {
        "name": name,
        "why": why,
        "x": x.tolist(),
        "y": y.tolist(),
        "weights": None if weights is None else [float(w) for w in weights],
        "x_thresholds": fitted.X_thresholds_.tolist(),
        "y_thresholds": fitted.y_thresholds_.tolist(),
        "probes": probes.tolist(),
        "predictions": fitted.predict(probes).tolist(),
        "out_of_fold": out_of_fold(x, y) if weights is None and len(x) >= 5 else None,
    }
    return result


def cases():
    rng = np.random.RandomState(20240524)
    out = [
        case("ties", "tied x with differing y merge into their mean before pooling",
             [1, 2, 2, 2, 3, 3, 4, 5, 5, 6], [1, 3, 1, 2, 2, 5, 3, 4, 2, 5]),
        case("monotone", "already non-decreasing: nothing pools, interior points on flat runs drop",
             [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], [1, 2, 2, 2, 3, 4, 5]),
        case("decreasing", "strictly decreasing: everything pools into one mean",
             [1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]),
        case("constant-y", "every human value equal", [0.3, 0.1, 0.9, 0.5, 0.7], [3, 3, 3, 3, 3]),
        case("constant-x", "every judge value equal: one threshold, one value", [7, 7, 7, 7, 7, 7], [1, 2, 5, 4, 3, 3]),
        case("single", "one point", [0.5], [2]),
        case("two", "two decreasing points pool", [0.2, 0.8], [4, 1]),
        case("unsorted", "input out of order, duplicates spread out",
             [5, 1, 3, 1, 4, 2, 5, 3, 2, 4, 1], [2, 3, 1, 1, 5, 2, 4, 4, 1, 3, 2]),
        case("near-ties", "x closer than 1e-15 to a group's first x joins it (numpy's resolution)",
             [0.1 + 0.2, 0.3, 0.6, 0.6 + 1e-15, 0.6 + 2e-15, 1.0, 0.1], [2, 4, 1, 5, 3, 2, 1]),
        case("negative", "negative and large-magnitude x",
             [-1e6, -3.5, -3.5, 0.0, 2.25, 1e6, -0.0], [0.5, 2, 1, 0.25, 3, 1.5, 0.75]),
    ]
    n = 23
    judge = np.round(rng.uniform(1, 10, n), 1)
    human = np.clip(np.round((judge - 1) / 9 * 4 + 1 + rng.normal(0, 0.9, n)), 1, 5)
    out.append(case("likert-23", "integer human levels 1-5 against a 1-10 judge score, n not divisible by 5",
                    judge, human))
    n = 2000
    judge = rng.uniform(0, 1, n)
    human = np.clip(np.round(1 + 4 * judge ** 1.5 + rng.normal(0, 0.8, n)), 1, 5)
    out.append(case("large-2000", "2000 random points, continuous judge, integer human", judge, human))
    judge = np.round(rng.uniform(0, 10, 1999)) / 2
    human = np.clip(np.round(judge / 5 * 4 + 1 + rng.normal(0, 1.0, 1999)), 1, 5)
    out.append(case("large-ties-1999", "1999 points on 21 judge values: heavy ties, n mod 5 = 4", judge, human))
    x = [1, 2, 2, 3, 4, 5, 5, 6]
    y = [2, 1, 4, 2, 5, 3, 1, 4]
    out.append(case("weighted", "sample weights, one of them zero (dropped)", x, y, [1, 2, 0.5, 3, 1, 0, 2, 1.5]))
    return out


def modular(n):
    """A long input both Python and TypeScript rebuild bit for bit (integer arithmetic, one
    correctly rounded division): past numpy's 8192-element summation blocks."""
    x = np.array([((i * 7919) % 10007) / 10007 for i in range(n)])
    y = np.array([min(5.0, 1.0 + float(np.floor(4 * x[i] + ((i * 13) % 7) / 7))) for i in range(n)])
    return x, y


def long_case():
    n = 20011
    x, y = modular(n)
    fitted = model().fit(x, y)
    oof = out_of_fold(x, y)
    return {"name": "modular-20011", "n": n, "x_thresholds": fitted.X_thresholds_.tolist(),
            "y_thresholds": fitted.y_thresholds_.tolist(), "mae": oof["mae"], "mae_raw": oof["mae_raw"],
            "checks": {"sum_x": float(np.sum(x)), "sum_y": float(np.sum(y))}}


def cli_case():
    """Rows for the spawned CLI test: ids, a group for --where, and some missing values."""
    rng = np.random.RandomState(7)
    rows = []
    for i in range(157):
        judge = float(np.round(rng.uniform(1, 10), 2))
        human = float(np.clip(np.round((judge - 1) / 9 * 4 + 1 + rng.normal(0, 0.9)), 1, 5))
        rows.append({
            "id": i,
            "group": "a" if rng.uniform() < 0.6 else "b",
            "human": None if i % 11 == 3 else human,
            "judge": None if i % 13 == 5 else judge,
        })

    def figures(where=None):
        kept = [r for r in rows if (where is None or r["group"] == where) and r["human"] is not None and r["judge"] is not None]
        x = np.array([r["judge"] for r in kept])
        y = np.array([r["human"] for r in kept])
        fitted = model().fit(x, y)
        oof = out_of_fold(x, y)
        return {
            "n": len(kept),
            "map": {"x": fitted.X_thresholds_.tolist(), "y": fitted.y_thresholds_.tolist()},
            "out_of_fold": {"mae": oof["mae"], "mae_raw": oof["mae_raw"]},
        }

    return {"rows": rows, "runs": [{"where": None, "expected": figures()}, {"where": "b", "expected": figures("b")}]}


def write(path, value):
    with open(path, "w") as f:
        json.dump(value, f, indent=1)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=DEFAULT_OUT)
    out_dir = parser.parse_args().out
    os.makedirs(out_dir, exist_ok=True)
    versions = {"sklearn": sklearn.__version__, "numpy": np.__version__}
    write(os.path.join(out_dir, "cases.json"), {"versions": versions, "cases": cases(), "long": long_case()})
    write(os.path.join(out_dir, "cli.json"), {"versions": versions, **cli_case()})


if __name__ == "__main__":
    main()
