#!/usr/bin/env python3
"""The figures of `concord agreement --group G --scale LO:HI --judge-cuts c1,…`, computed the
way a Python user would: pandas reads the file (CSV, or JSONL with lines=True), scipy.stats
gives Pearson / Spearman / Kendall τ-b with their p-values, the groups go through
DataFrame.groupby, and Cohen's κ (unweighted, linear, quadratic, with the Fleiss–Cohen–
Everitt standard error) comes from the confusion matrix in numpy. bench/cli.bench.ts times
it as a whole process beside `concord agreement` and checks that both print the same figures.

  /usr/bin/python3 scripts/reference/agreement_cli_reference.py FILE HUMAN JUDGE GROUP LO:HI CUTS
"""
import json
import math
import sys

import numpy as np
import pandas as pd
from scipy import stats


def fisher_interval(r, se):
    if se is None or not math.isfinite(se) or abs(r) >= 1:
        return None
    z, half = math.atanh(r), 1.959963984540054 * se
    return [math.tanh(z - half), math.tanh(z + half)]


def coefficient(fn, x, y):
    if len(x) < 2 or np.all(x == x[0]) or np.all(y == y[0]):
        return None
    return float(fn(x, y)[0])


def kappas(human, judge, lo, hi):
    k = hi - lo + 1
    matrix = np.zeros((k, k))
    np.add.at(matrix, (human - lo, judge - lo), 1)
    n = matrix.sum()
    rows, cols = matrix.sum(axis=1) / n, matrix.sum(axis=0) / n
    idx = np.arange(k)
    out = {}
    for name, power in (("unweighted", 0), ("linear", 1), ("quadratic", 2)):
        dist = np.abs(idx[:, None] - idx[None, :])
        v = (dist > 0).astype(float) if power == 0 else dist.astype(float) ** power
        w = 1 - v / v.max()
        po, pe = (w * matrix / n).sum(), (w * np.outer(rows, cols)).sum()
        kappa = (po - pe) / (1 - pe)
        w_row, w_col = w @ cols, rows @ w
        d = w - (w_row[:, None] + w_col[None, :]) * (1 - kappa)
        variance = ((matrix / n) * d * d).sum() - (kappa - pe * (1 - kappa)) ** 2
        se = math.sqrt(max(0.0, variance / (n * (1 - pe) ** 2)))
        out[name] = kappa
        out[f"{name}_ci"] = [max(-1.0, kappa - 1.959963984540054 * se), min(1.0, kappa + 1.959963984540054 * se)]
    out["exact_agreement"] = float(np.trace(matrix) / n)
    out["confusion_matrix"] = matrix.astype(int).tolist()
    return out


def main():
    path, human_field, judge_field, group_field, scale, cuts = sys.argv[1:7]
    lo, hi = (int(v) for v in scale.split(":"))
    cutoffs = np.array([float(c) for c in cuts.split(",")])
    columns = [human_field, judge_field, group_field]
    if path.endswith((".jsonl", ".ndjson", ".json")):
        frame = pd.read_json(path, lines=True)[columns]
    else:
        frame = pd.read_csv(path, usecols=columns)
    rated = frame.dropna(subset=[human_field, judge_field])
    human = rated[human_field].to_numpy(dtype=float)
    judge = rated[judge_field].to_numpy(dtype=float)
    n = len(human)
    pearson, spearman, kendall = stats.pearsonr(human, judge), stats.spearmanr(human, judge), stats.kendalltau(human, judge)
    report = {
        "n": n,
        "n_skipped": len(frame) - n,
        "dataset_level": {
            "pearson": float(pearson[0]),
            "spearman": float(spearman[0]),
            "kendall_tau_b": float(kendall[0]),
            "pearson_p": float(pearson[1]),
            "spearman_p": float(spearman[1]),
            "kendall_p": float(kendall[1]),
            "pearson_ci": fisher_interval(pearson[0], 1 / math.sqrt(n - 3)),
            "spearman_ci": fisher_interval(spearman[0], math.sqrt((1 + spearman[0] ** 2 / 2) / (n - 3))),
            "kendall_tau_b_ci": fisher_interval(kendall[0], math.sqrt(0.437 / (n - 4))),
        },
    }
    sums = {"pearson": [], "spearman": [], "kendall_tau_b": []}
    n_groups = 0
    for _, group in rated.groupby(group_field, sort=False):
        n_groups += 1
        x, y = group[human_field].to_numpy(dtype=float), group[judge_field].to_numpy(dtype=float)
        for name, fn in (("pearson", stats.pearsonr), ("spearman", stats.spearmanr), ("kendall_tau_b", stats.kendalltau)):
            value = coefficient(fn, x, y)
            if value is not None and math.isfinite(value):
                sums[name].append(value)
    report["group_level"] = {name: (sum(values) / len(values) if values else None) for name, values in sums.items()}
    report["group_level"]["n_groups"] = n_groups
    report["group_level"]["n_groups_used"] = len(sums["pearson"])
    human_levels = np.clip(np.floor(human + 0.5), lo, hi).astype(int)
    judge_levels = lo + (judge[:, None] >= cutoffs[None, :]).sum(axis=1)
    report["kappa"] = kappas(human_levels, judge_levels, lo, hi)
    json.dump(report, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
