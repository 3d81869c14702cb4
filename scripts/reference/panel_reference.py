#!/usr/bin/env python3
"""Reference values for judge panels (lib/stats/panel.ts and `concord agreement --panel`):

  /usr/bin/python3 scripts/reference/panel_reference.py [OUT_DIR]

writes OUT_DIR (default lib/stats/fixtures/panel)/cases.json:
{"versions": {...}, "cases": [{name, why, task, aggregate, [positive], [scale], judges,
rows, expected}]}.

`rows` hold the file's rows as JSONL would ({"human": …, "<judge>": …}; null = missing).
`expected` holds what the rules of the contract give, computed here independently:

  kept          the rows left after dropping any row with a missing value: `human` and
                `members` (member-major) as the aggregation sees them — labels as strings;
                for binary each label's class, the --positive label or "" (negative)
  n, n_dropped  len(kept), rows dropped
  aggregated    vote: Counter over the members' labels, ties to the earliest-listed
                member's; mean: numpy.mean; median: numpy.median
  errors        1/0 for member != human (labels), member - human (numbers)
  error_matrix  numpy.corrcoef of the errors, an entry null where either error is constant
                (every value equal: zero variance) or NaN; the diagonal likewise 1 or null
  mean_error_correlation, n_pairs_used, n_eff = k / (1 + (k - 1) * mean), null without a
                pair or when the denominator is not positive
  panel, members  figures of the panel's value and of each member against the human:
                categorical: accuracy_score, f1_score(average="macro"), cohen_kappa_score;
                binary: the same on (label == positive) plus precision, recall, f1,
                matthews_corrcoef (zero_division=0); numeric: scipy pearsonr, spearmanr,
                kendalltau (tau-b), mean_absolute_error, RMSE (numpy); ordinal: pearsonr,
                spearmanr, kendalltau and, with a scale, cohen_kappa_score (unweighted,
                quadratic) on levels rounded half up (floor(x + 0.5)) and clipped.

NaN (an undefined figure) is written as null.
"""
import json
import math
import os
import sys
import warnings
from collections import Counter

import numpy as np
import scipy
import sklearn
from scipy import stats
from sklearn.metrics import (
    accuracy_score,
    cohen_kappa_score,
    f1_score,
    matthews_corrcoef,
    mean_absolute_error,
    precision_score,
    recall_score,
)

warnings.simplefilter("ignore")


def number(x):
    if x is None:
        return None
    x = float(x)
    return x if math.isfinite(x) else None


def label(value):
    return value if isinstance(value, str) else json.dumps(value)


def vote(labels):
    """The label most members gave; on a tie, the tied label of the earliest-listed member."""
    counts = Counter(labels)
    top = max(counts.values())
    return next(lab for lab in labels if counts[lab] == top)


def is_constant(e):
    return len(e) < 2 or bool(np.all(e == e[0]))


def error_figures(errors):
    k = len(errors)
    matrix = np.corrcoef(np.array(errors, dtype=float)) if k else np.zeros((0, 0))
    constant = [is_constant(e) for e in errors]
    out = [[None if constant[i] or constant[j] else number(matrix[i][j]) for j in range(k)] for i in range(k)]
    pairs = [out[i][j] for i in range(k) for j in range(i + 1, k) if out[i][j] is not None]
    mean = float(np.mean(pairs)) if pairs else None
    denominator = None if mean is None else 1 + (k - 1) * mean
    n_eff = k / denominator if denominator is not None and denominator > 0 else None
    return {"error_matrix": out, "n_pairs_used": len(pairs), "mean_error_correlation": mean, "n_eff": n_eff}


def label_figures(task, human, judge, positive):
    if task == "categorical":
        return {
            "accuracy": number(accuracy_score(human, judge)),
            "macro_f1": number(f1_score(human, judge, average="macro", zero_division=0)),
            "kappa_unweighted": number(cohen_kappa_score(human, judge)),
        }
    h = [int(v == positive) for v in human]
    j = [int(v == positive) for v in judge]
    return {
        "accuracy": number(accuracy_score(h, j)),
        "precision": number(precision_score(h, j, zero_division=0)),
        "recall": number(recall_score(h, j, zero_division=0)),
        "f1": number(f1_score(h, j, zero_division=0)),
        "mcc": number(matthews_corrcoef(h, j)),
        "kappa_unweighted": number(cohen_kappa_score(h, j)),
    }


def correlations(x, y):
    if len(x) < 2 or is_constant(x) or is_constant(y):
        return {"pearson": None, "spearman": None, "kendall_tau_b": None}
    return {
        "pearson": number(stats.pearsonr(x, y)[0]),
        "spearman": number(stats.spearmanr(x, y)[0]),
        "kendall_tau_b": number(stats.kendalltau(x, y, variant="b")[0]),
    }


def number_figures(task, human, judge, scale):
    x = np.asarray(human, dtype=float)
    y = np.asarray(judge, dtype=float)
    out = correlations(x, y)
    if task == "numeric":
        out["mae"] = number(mean_absolute_error(x, y))
        out["rmse"] = number(np.sqrt(np.mean((x - y) ** 2)))
    elif scale is not None:
        lo, hi = scale
        level = lambda v: np.clip(np.floor(v + 0.5), lo, hi).astype(int)  # noqa: E731
        levels = list(range(lo, hi + 1))
        out["kappa_unweighted"] = number(cohen_kappa_score(level(x), level(y), labels=levels))
        out["kappa_quadratic"] = number(cohen_kappa_score(level(x), level(y), labels=levels, weights="quadratic"))
    return out


def expected(case):
    task, aggregate, judges = case["task"], case["aggregate"], case["judges"]
    positive, scale = case.get("positive"), case.get("scale")
    fields = ["human", *judges]
    kept = [r for r in case["rows"] if all(r.get(f) is not None for f in fields)]
    out = {"n": len(kept), "n_dropped": len(case["rows"]) - len(kept)}
    if task in ("categorical", "binary"):
        cls = (lambda v: label(v)) if positive is None else (lambda v: positive if label(v) == positive else "")
        human = [cls(r["human"]) for r in kept]
        members = [[cls(r[j]) for r in kept] for j in judges]
        aggregated = [vote([m[i] for m in members]) for i in range(len(kept))]
        errors = [[float(m[i] != human[i]) for i in range(len(kept))] for m in members]
        figures = lambda judge: label_figures(task, human, judge, positive)  # noqa: E731
    else:
        human = [float(r["human"]) for r in kept]
        members = [[float(r[j]) for r in kept] for j in judges]
        matrix = np.array(members)
        aggregated = (np.mean(matrix, axis=0) if aggregate == "mean" else np.median(matrix, axis=0)).tolist()
        errors = [(np.array(m) - np.array(human)).tolist() for m in members]
        figures = lambda judge: number_figures(task, human, judge, scale)  # noqa: E731
    out["kept"] = {"human": human, "members": members}
    out["aggregated"] = aggregated
    out["errors"] = errors
    out.update(error_figures(errors))
    out["panel"] = figures(aggregated)
    out["members"] = {j: figures(m) for j, m in zip(judges, members)}
    return out


def rows_of(human, members, judges):
    return [{"id": i, "human": h, **{j: members[m][i] for m, j in enumerate(judges)}} for i, h in enumerate(human)]


def noisy_labels(rng, truth, labels, share, shared=None):
    """Each label replaced by a random one with probability `share`; where `shared` is set
    (a common mistake), that label instead — the correlated part of the errors."""
    out = []
    for i, t in enumerate(truth):
        if shared is not None and shared[i] is not None:
            out.append(shared[i])
        elif rng.random() < share:
            out.append(labels[rng.integers(len(labels))])
        else:
            out.append(t)
    return out


def with_nulls(rng, values, share):
    return [None if rng.random() < share else v for v in values]


def cases():
    rng = np.random.default_rng(20250125)
    out = []
    judges3 = ["judge_a", "judge_b", "judge_c"]

    # Hand-shaped: three-way ties, 2-1 votes, dropped rows (null in each column in turn).
    human = ["x", "y", "x", "z", "y", "x", "y", "z", "x", None, "y", "z"]
    a = ["x", "y", "y", "z", "x", None, "z", "z", "y", "x", "y", "x"]
    b = ["y", "y", "z", "x", "y", "x", "y", "x", "z", "y", None, "z"]
    c = ["z", "x", "x", "y", "z", "x", "x", "z", "x", "z", "y", "y"]
    out.append({"name": "three-way-ties", "why": "three members, three-way ties (earliest member wins), dropped rows",
                "task": "categorical", "aggregate": "vote", "judges": judges3, "rows": rows_of(human, [a, b, c], judges3)})

    # Four members, one always right (zero error variance); even count: 2-2 ties.
    n = 80
    labels = ["billing", "bug", "other", "question"]
    truth = [labels[i] for i in rng.integers(0, 4, n)]
    common = [labels[rng.integers(4)] if rng.random() < 0.25 else None for _ in range(n)]
    members = [list(truth), noisy_labels(rng, truth, labels, 0.3, common),
               noisy_labels(rng, truth, labels, 0.2, [c if rng.random() < 0.7 else None for c in common]),
               noisy_labels(rng, truth, labels, 0.35)]
    judges4 = ["oracle", "gpt", "claude", "mistral"]
    out.append({"name": "always-right-member", "why": "four members, the first always right (its pairs are left out); 2-2 ties",
                "task": "categorical", "aggregate": "vote", "judges": judges4,
                "rows": rows_of(with_nulls(rng, truth, 0.05), [with_nulls(rng, m, 0.03) for m in members], judges4)})

    # Five members with correlated errors: n_eff well below 5.
    n = 300
    labels = ["a", "b", "c"]
    truth = [labels[i] for i in rng.integers(0, 3, n)]
    common = [labels[rng.integers(3)] if rng.random() < 0.3 else None for _ in range(n)]
    judges5 = ["j1", "j2", "j3", "j4", "j5"]
    members = [noisy_labels(rng, truth, labels, 0.15, [c if rng.random() < 0.8 else None for c in common]) for _ in judges5]
    out.append({"name": "correlated-five", "why": "five members sharing most of their mistakes",
                "task": "categorical", "aggregate": "vote", "judges": judges5,
                "rows": rows_of(with_nulls(rng, truth, 0.04), members, judges5)})

    # Binary with a third, negative label: classes, not strings, vote.
    n = 120
    truth = ["pass" if v < 0.6 else "fail" for v in rng.random(n)]
    members = [[("fail" if t == "pass" else "pass") if rng.random() < p else (t if t == "pass" or rng.random() < 0.7 else "n/a") for t in truth]
               for p in (0.1, 0.2, 0.3)]
    out.append({"name": "binary-three", "why": "pass against fail and n/a (both negative), three members",
                "task": "binary", "aggregate": "vote", "positive": "pass", "judges": judges3,
                "rows": rows_of(with_nulls(rng, truth, 0.05), [with_nulls(rng, m, 0.02) for m in members], judges3)})

    # Binary, two members only: every disagreement is a tie, settled by the first member.
    n = 60
    truth = [bool(v < 0.4) for v in rng.random(n)]
    members = [[(not t) if rng.random() < p else t for t in truth] for p in (0.15, 0.25)]
    judges2 = ["first", "second"]
    out.append({"name": "binary-two-members", "why": "two members: ties go to the first; booleans read as \"true\"/\"false\"",
                "task": "binary", "aggregate": "vote", "positive": "true", "judges": judges2,
                "rows": rows_of(with_nulls(rng, truth, 0.05), members, judges2)})

    # Numeric, mean, three members (one always right), dropped rows.
    n = 70
    quality = rng.random(n)
    truth = np.round(10 * quality, 1).tolist()
    shared = rng.normal(0, 1.0, n)
    members = [list(truth),
               np.round(10 * quality + shared + rng.normal(0, 0.5, n), 1).tolist(),
               np.round(10 * quality + 0.8 * shared + rng.normal(0, 0.8, n) + 0.5, 1).tolist()]
    out.append({"name": "numeric-mean-always-right", "why": "mean of three, the first always right, dropped rows",
                "task": "numeric", "aggregate": "mean", "judges": judges3,
                "rows": rows_of(with_nulls(rng, truth, 0.05), [with_nulls(rng, m, 0.03) for m in members], judges3)})

    # Numeric, median, four members (even: mean of the middle two), correlated errors.
    n = 150
    quality = rng.random(n)
    truth = np.round(1 + 4 * quality + rng.normal(0, 0.3, n), 2).tolist()
    shared = rng.normal(0, 0.6, n)
    judges4n = ["m1", "m2", "m3", "m4"]
    members = [np.round(1 + 4 * quality + w * shared + rng.normal(0, s, n), 2).tolist()
               for w, s in ((1.0, 0.3), (0.9, 0.4), (0.6, 0.6), (0.2, 0.8))]
    out.append({"name": "numeric-median-four", "why": "median of four (mean of the middle two), errors sharing a common part",
                "task": "numeric", "aggregate": "median", "judges": judges4n,
                "rows": rows_of(with_nulls(rng, truth, 0.04), [with_nulls(rng, m, 0.02) for m in members], judges4n)})

    # Numeric, two members only; the second is always right: no pair left, n_eff null.
    human = [1.5, 2.0, None, 3.25, 4.0, 5.5, 2.75, 3.0]
    first = [2.0, 1.0, 3.0, 3.0, 4.5, 5.0, None, 3.5]
    out.append({"name": "numeric-two-members-no-pair", "why": "two members, one always right: mean_error_correlation and n_eff null",
                "task": "numeric", "aggregate": "mean", "judges": judges2, "rows": rows_of(human, [first, list(human)], judges2)})

    # Numeric, two members, both with varying errors.
    n = 40
    truth = np.round(rng.random(n) * 100, 0).tolist()
    members = [np.round(np.array(truth) + rng.normal(0, 8, n), 0).tolist(), np.round(np.array(truth) + rng.normal(3, 12, n), 0).tolist()]
    out.append({"name": "numeric-two-members", "why": "two members, median of two = their mean",
                "task": "numeric", "aggregate": "median", "judges": judges2, "rows": rows_of(truth, members, judges2)})

    # Ordinal levels 1..5, mean of three, with --scale 1:5 for κ.
    n = 90
    quality = rng.random(n)
    level = lambda v: np.clip(np.round(v), 1, 5).tolist()  # noqa: E731
    truth = level(1 + 4 * quality + rng.normal(0, 0.5, n))
    shared = rng.normal(0, 0.7, n)
    members = [level(1 + 4 * quality + shared * w + rng.normal(0, 0.6, n)) for w in (1.0, 0.8, 0.3)]
    out.append({"name": "ordinal-mean-scale", "why": "levels 1..5, mean of three (fractional), κ on rounded levels",
                "task": "ordinal", "aggregate": "mean", "scale": [1, 5], "judges": judges3,
                "rows": rows_of(with_nulls(rng, truth, 0.05), members, judges3)})

    for case in out:
        case["expected"] = expected(case)
    return out


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../../lib/stats/fixtures/panel")
    os.makedirs(out_dir, exist_ok=True)
    versions = {"numpy": np.__version__, "scipy": scipy.__version__, "sklearn": sklearn.__version__}
    with open(os.path.join(out_dir, "cases.json"), "w", encoding="utf-8") as f:
        json.dump({"versions": versions, "cases": cases()}, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
