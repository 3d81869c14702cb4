#!/usr/bin/env python3
"""Reference values for a panel's fitted weights (lib/stats/nnls.ts, lib/agreement/panel-diagnostics.ts):

  /usr/bin/python3 scripts/reference/panel_weights_reference.py [OUT_DIR]

writes OUT_DIR (default lib/stats/fixtures/panel-weights)/cases.json. Each case holds member
scores X (member-major), human levels y and a session per item, and expects:

  nnls          scipy.optimize.nnls(A, b) on the raw matrix: x and the residual norm
  fit           sklearn LinearRegression(positive=True) on all items: coef_, intercept_
                (sklearn centres X and y, then calls scipy.optimize.nnls)
  folds         fold of each item: sessions sorted ascending, the i-th session in fold i % 5
  oof_levels    per item, the level predicted by the model fitted on the other folds:
                floor(pred + 0.5) clipped to [min(labels), max(labels)]
  oof_kappa     cohen_kappa_score(y, oof_levels, labels=labels, weights="quadratic")
"""
import json, math, sys, os
import numpy as np
import scipy, sklearn
from scipy.optimize import nnls
from sklearn.linear_model import LinearRegression
from sklearn.metrics import cohen_kappa_score

out_dir = sys.argv[1] if len(sys.argv) > 1 else "lib/stats/fixtures/panel-weights"
rng = np.random.default_rng(20261125)
LABELS = [1, 2, 3, 4]


def case(name, why, X, y, sessions):
    X = np.asarray(X, dtype=float)  # members x items
    y = np.asarray(y, dtype=float)
    A = X.T
    x, rnorm = nnls(A, y)
    model = LinearRegression(positive=True).fit(A, y)
    order = sorted(set(sessions))
    fold_of_session = {s: i % 5 for i, s in enumerate(order)}
    folds = [fold_of_session[s] for s in sessions]
    oof = [None] * len(y)
    for f in range(5):
        test = [i for i, g in enumerate(folds) if g == f]
        train = [i for i, g in enumerate(folds) if g != f]
        if not test:
            continue
        m = LinearRegression(positive=True).fit(A[train], y[train])
        pred = m.predict(A[test])
        for i, p in zip(test, pred):
            oof[i] = int(min(max(math.floor(p + 0.5), LABELS[0]), LABELS[-1]))
    kappa = cohen_kappa_score(y.astype(int), oof, labels=LABELS, weights="quadratic")
    return {
        "name": name,
        "why": why,
        "members": X.tolist(),
        "human": y.astype(int).tolist(),
        "sessions": sessions,
        "labels": LABELS,
        "expected": {
            "nnls": {"x": x.tolist(), "rnorm": float(rnorm)},
            "fit": {"coef": model.coef_.tolist(), "intercept": float(model.intercept_)},
            "folds": folds,
            "oof_levels": oof,
            "oof_kappa": float(kappa),
        },
    }


cases = []
# Three members with correlated noise around a latent quality; one leans high.
n = 60
truth = rng.integers(1, 5, n)
shared = rng.normal(0, 0.08, n)
members = [np.clip((truth - 1) / 3 * 0.8 + 0.1 + shared + rng.normal(0, s, n) + b, 0, 1).round(4) for s, b in [(0.05, 0.03), (0.08, -0.02), (0.15, 0.0)]]
sessions = [int(i // 4) + 100 for i in range(n)]
cases.append(case("three-correlated", "three members sharing noise, 15 sessions of 4 items", members, truth, sessions))
# A useless member (pure noise) should get weight 0.
noise = rng.uniform(0, 1, n).round(4)
cases.append(case("one-useless", "a member unrelated to the human level: nnls sets its weight to 0", [members[0], noise], truth, sessions))
# A member anti-correlated with people: its weight is clipped at 0.
cases.append(case("anti", "a member scoring the opposite way: its weight stays 0", [members[1], (1 - members[0]).round(4)], truth, sessions))

os.makedirs(out_dir, exist_ok=True)
with open(os.path.join(out_dir, "cases.json"), "w") as f:
    json.dump({"versions": {"numpy": np.__version__, "scipy": scipy.__version__, "sklearn": sklearn.__version__}, "cases": cases}, f, indent=1)
print(f"wrote {len(cases)} cases to {out_dir}/cases.json")
