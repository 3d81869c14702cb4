#!/usr/bin/env python3
"""Reference values for lib/stats/alt-test.ts, computed by the authors' own alt-test code.

The code is not copied here: it is read from their notebook (Calderon, Reichart & Dror,
"The Alternative Annotator Test for LLM-as-a-Judge", ACL 2025; github.com/nitaytech/AltTest,
alt_test_example.ipynb) and the cells that define `alt_test`, `by_procedure`, `accuracy`,
`neg_rmse` and `ttest` are executed. Their `alt_test` returns only (winning_rate,
advantage_prob), so `per_rater` repeats its loop, calling their scoring functions, `ttest`
and `by_procedure`, to expose each rater's figures; every fixture asserts that those figures
give exactly what their `alt_test` returns.

Usage:
  /usr/bin/python3 scripts/reference/alt_test_reference.py [NOTEBOOK] [--out DIR]
NOTEBOOK is the .ipynb file or a git directory holding it at HEAD (default: the mirror
/work/.mirror/nitaytech+AltTest/repo). Writes DIR/<name>.json (default
lib/stats/fixtures/alt-test), one per synthetic dataset.
"""
import argparse
import contextlib
import json
import math
import os
import subprocess
import sys

import numpy as np
import scipy

DEFAULT_NOTEBOOK = "/work/.mirror/nitaytech+AltTest/repo"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "lib", "stats", "fixtures", "alt-test")


def load_authors_code(source=DEFAULT_NOTEBOOK):
    """Executes the notebook cells that import and define the alt-test functions."""
    if os.path.isdir(source):
        text = subprocess.run(["git", "-C", source, "show", "HEAD:alt_test_example.ipynb"],
                              check=True, capture_output=True, text=True).stdout
    else:
        with open(source) as f:
            text = f.read()
    cells = ["".join(c["source"]) for c in json.loads(text)["cells"] if c["cell_type"] == "code"]
    wanted = [c for c in cells if "from scipy.stats import ttest_1samp" in c or "def alt_test(" in c]
    if len(wanted) != 2:
        raise SystemExit(f"expected the import cell and the alt_test cell, found {len(wanted)} cells")
    namespace = {}
    for cell in wanted:
        exec(compile(cell, "alt_test_example.ipynb", "exec"), namespace)
    return namespace


def per_rater(code, llm, humans, metric, epsilon, q, min_raters, min_items):
    """Their alt_test loop, keeping each rater's figures; checked against their alt_test."""
    score = {"accuracy": code["accuracy"], "neg_rmse": code["neg_rmse"]}[metric]
    i_set, h_set = {}, {}
    for h, anns in humans.items():
        i_set[h] = list(anns.keys())
        for i in anns:
            h_set.setdefault(i, []).append(h)
    kept = {i for i in h_set if len(h_set[i]) >= min_raters and i in llm}
    i_set = {h: [i for i in i_set[h] if i in kept] for h in i_set}
    h_set = {i: h_set[i] for i in h_set if i in kept}

    raters, p_values, advantages = [], [], []
    for h in humans:
        instances = [i for i in i_set[h] if i in llm]
        if len(instances) < min_items:
            raters.append({"rater": h, "n_items": len(instances), "skipped": True, "p_value": None,
                           "won": False, "judge_advantage": None, "rater_advantage": None})
            continue
        judge_ind, rater_ind = [], []
        with warnings_and_prints_silenced():
            for i in instances:
                others = [humans[o][i] for o in h_set[i] if o != h]
                rater_score = score(humans[h][i], others)
                judge_score = score(llm[i], others)
                judge_ind.append(1 if judge_score >= rater_score else 0)
                rater_ind.append(1 if rater_score >= judge_score else 0)
            p = float(code["ttest"]([r - j for r, j in zip(rater_ind, judge_ind)], epsilon))
        raters.append({"rater": h, "n_items": len(instances), "skipped": False,
                       "p_value": None if math.isnan(p) else p, "won": False,
                       "judge_advantage": float(np.mean(judge_ind)), "rater_advantage": float(np.mean(rater_ind))})
        p_values.append(p)
        advantages.append(float(np.mean(judge_ind)))

    tested = [r for r in raters if not r["skipped"]]
    for index in code["by_procedure"](p_values, q):
        tested[index]["won"] = True
    result = {"n_items": len(kept), "n_tested": len(tested), "n_won": sum(r["won"] for r in tested), "raters": raters}
    try:
        with warnings_and_prints_silenced():
            winning_rate, advantage = code["alt_test"](llm, humans, metric, epsilon=epsilon, q_fdr=q,
                                                        min_humans_per_instance=min_raters,
                                                        min_instances_per_human=min_items)
    except ZeroDivisionError:  # their alt_test when no rater can be tested
        assert not tested, "alt_test failed although some rater was tested"
        return {**result, "winning_rate": None, "advantage_probability": None}
    assert winning_rate == result["n_won"] / len(tested), (winning_rate, result)
    assert advantage == float(np.mean(advantages)), (advantage, advantages)
    return {**result, "winning_rate": winning_rate, "advantage_probability": advantage}


@contextlib.contextmanager
def warnings_and_prints_silenced():
    """Their code prints what it drops; numpy and scipy warn on NaN and constant inputs."""
    with contextlib.redirect_stdout(sys.stderr), np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield


def to_dicts(rows, judge_rows):
    """Long rows -> their input: raters in order of first appearance, each rater's items in row order."""
    humans = {}
    for item, rater, value in rows:
        humans.setdefault(rater, {})[item] = value
    return dict(judge_rows), humans


def synthetic(rng, n_items, raters, labels, p_rate, judge_noise, human_noise, judge_missing=0.0, rater_items=None):
    """Seeded ratings: each item has a true label; humans and judge copy it or draw another
    (human_noise: one rate for all raters, or one per rater)."""
    rows, judge = [], []
    for i in range(n_items):
        item = f"item-{i:04d}"
        truth = labels[rng.integers(len(labels))]
        draw = lambda noise: truth if rng.random() >= noise else labels[rng.integers(len(labels))]
        for r in raters:
            limit = (rater_items or {}).get(r)
            if (limit is None or i < limit) and rng.random() < p_rate:
                rows.append((item, r, draw(human_noise[r] if isinstance(human_noise, dict) else human_noise)))
        if rng.random() >= judge_missing:
            judge.append((item, draw(judge_noise)))
    order = rng.permutation(len(rows))
    return [rows[k] for k in order], judge


def continuous(rng, n_items, raters, p_rate, sd):
    rows, judge = [], []
    for i in range(n_items):
        item = f"item-{i:04d}"
        truth = rng.normal(3, 1)
        for r in raters:
            if rng.random() < p_rate:
                rows.append((item, r, float(truth + rng.normal(0, sd[r]))))
        judge.append((item, float(truth + rng.normal(0.2, 0.7))))
    order = rng.permutation(len(rows))
    return [rows[k] for k in order], judge


def datasets():
    """(name, description, rows, judge, options); every generator is seeded."""
    rng = np.random.default_rng(20250701)
    six = ["ann-c", "ann-a", "ann-f", "ann-b", "ann-e", "ann-d"]
    letters = ["A", "B", "C", "D"]
    yield ("accuracy-basic", "150 items, 6 raters rating 70 %, one of them only the first 25 items (skipped)",
           *synthetic(rng, 150, six, letters, 0.7, 0.3, dict(zip(six, [0.2, 0.5, 0.3, 0.6, 0.4, 0.3])),
                      rater_items={"ann-d": 25}),
           {"alignment": "accuracy", "epsilon": 0.1})
    yield ("accuracy-integers", "integer labels 1-3, 80 items, 3 raters rating all, judge missing on ~12 %",
           *synthetic(rng, 80, ["x", "y", "z"], [1, 2, 3], 1.0, 0.2, 0.35, judge_missing=0.12),
           {"alignment": "accuracy", "epsilon": 0.2})
    yield ("neg-rmse-likert", "1-5 scores, 120 items, 5 raters rating 75 %, judge missing on ~10 %",
           *synthetic(rng, 120, ["p1", "p2", "p3", "p4", "p5"], [1, 2, 3, 4, 5], 0.75, 0.3, 0.4, judge_missing=0.1),
           {"alignment": "neg_rmse", "epsilon": 0.15})
    yield ("neg-rmse-continuous", "real-valued scores, 60 items, 11 raters rating 90 % (up to 10 others per item)",
           *continuous(rng, 60, [f"c{k:02d}" for k in range(11)], 0.9, {f"c{k:02d}": 0.3 + 0.15 * k for k in range(11)}),
           {"alignment": "neg_rmse", "epsilon": 0.1})
    yield ("all-equal", "every human and the judge say yes: zero variance, t = -inf, p = 0, ties in BY",
           *synthetic(rng, 40, ["u", "v", "w"], ["yes"], 1.0, 0.0, 0.0),
           {"alignment": "accuracy", "epsilon": 0.2})
    yield ("all-equal-epsilon-zero", "as all-equal with epsilon 0: mean = epsilon with zero variance, p = NaN",
           *synthetic(rng, 40, ["u", "v", "w"], ["yes"], 1.0, 0.0, 0.0),
           {"alignment": "accuracy", "epsilon": 0.0})
    rows, judge = synthetic(rng, 45, ["h1", "h2", "h3"], ["A"], 1.0, 0.0, 0.0)
    yield ("judge-always-worse", "humans all say A, the judge B: zero variance, t = +inf, p = 1",
           rows, [(item, "B") for item, _ in judge], {"alignment": "accuracy", "epsilon": 0.2})
    rows, judge = synthetic(rng, 90, ["t1", "t3", "t4"], ["A", "B", "C"], 1.0, 0.3, 0.45)
    twin = [(item, "t2", value) for item, rater, value in rows if rater == "t1"]
    yield ("tied-p-values", "t2 copies t1 exactly, so both get the same p-value",
           rows + twin, judge, {"alignment": "accuracy", "epsilon": 0.15})
    seven = [f"o{k}" for k in range(1, 8)]
    yield ("options", "sparse ratings run with min_raters 3, min_items 10, q 0.1",
           *synthetic(rng, 100, seven, ["A", "B", "C"], 0.45, 0.25, dict(zip(seven, [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]))),
           {"alignment": "accuracy", "epsilon": 0.1, "q": 0.1, "min_raters": 3, "min_items": 10})
    yield ("min-raters-one", "min_raters 1: single-rater items count with NaN scores (both indicators 0)",
           *synthetic(rng, 60, ["s1", "s2", "s3"], [1, 2, 3, 4], 0.4, 0.2, 0.3),
           {"alignment": "neg_rmse", "epsilon": 0.1, "min_raters": 1, "min_items": 15})
    yield ("none-testable", "20 items: no rater reaches 30 (their alt_test divides by zero)",
           *synthetic(rng, 20, ["n1", "n2", "n3"], ["A", "B"], 1.0, 0.2, 0.2),
           {"alignment": "accuracy", "epsilon": 0.2})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebook", nargs="?", default=DEFAULT_NOTEBOOK)
    parser.add_argument("--out", default=DEFAULT_OUT)
    args = parser.parse_args()
    code = load_authors_code(args.notebook)
    os.makedirs(args.out, exist_ok=True)
    for name, description, rows, judge_rows, options in datasets():
        options = {"q": 0.05, "min_raters": 2, "min_items": 30, **options}
        llm, humans = to_dicts(rows, judge_rows)
        expected = per_rater(code, llm, humans, options["alignment"], options["epsilon"], options["q"],
                             options["min_raters"], options["min_items"])
        fixture = {
            "name": name,
            "description": description,
            "generated_by": f"scripts/reference/alt_test_reference.py (numpy {np.__version__}, scipy {scipy.__version__})",
            "options": options,
            "ratings": [list(row) for row in rows],
            "judge": llm,
            "expected": expected,
        }
        with open(os.path.join(args.out, f"{name}.json"), "w") as f:
            json.dump(fixture, f, separators=(",", ":"), allow_nan=False)
            f.write("\n")
        print(f"{name}: {len(rows)} ratings, {expected['n_tested']} tested, ω = {expected['winning_rate']}")


if __name__ == "__main__":
    main()
