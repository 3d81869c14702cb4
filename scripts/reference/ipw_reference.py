"""Reference values for lib/stats/ipw.ts, written independently with numpy and scipy.

Run: python3 scripts/reference/ipw_reference.py > lib/stats/fixtures/ipw/cases.json
Hájek mean Σ(y/π)/Σ(1/π) with the linearised variance Σw²(y−ȳ_w)²/(Σw)²; Horvitz–Thompson
Σ(y/π)/N; Kish n_eff; the weighted PPI++ mean of ipw.ts (imputed term over the population's
predictions, rectifier by Hájek, λ tuned with w²-weighted covariance and n_eff, clipped).
"""
import json
import numpy as np
from scipy.stats import norm


def hajek(y, p, alpha):
    w = 1.0 / p
    mean = np.sum(w * y) / np.sum(w)
    var = np.sum(w**2 * (y - mean) ** 2) / np.sum(w) ** 2
    half = norm.ppf(1 - alpha / 2) * np.sqrt(var)
    return mean, mean - half, mean + half


def weighted_ppi(y, yhat, p, pop, alpha, lam=None):
    w = 1.0 / p
    n, N = len(y), len(pop)
    if lam is None:
        w2 = w**2
        my = np.sum(w2 * y) / np.sum(w2)
        mf = np.sum(w2 * yhat) / np.sum(w2)
        cov = np.sum(w2 * (y - my) * (yhat - mf)) / np.sum(w2)
        neff = np.sum(w) ** 2 / np.sum(w**2)
        pooled = np.concatenate([yhat, pop])
        lam = float(np.clip(cov / ((1 + neff / N) * np.var(pooled, ddof=1)), 0, 1))
    z = y - lam * yhat
    rect = np.sum(w * z) / np.sum(w)
    rect_var = np.sum(w**2 * (z - rect) ** 2) / np.sum(w) ** 2
    est = lam * np.mean(pop) + rect
    se = np.sqrt(lam**2 * np.var(pop) / N + rect_var)
    half = norm.ppf(1 - alpha / 2) * se
    return {"mean": est, "ci_low": est - half, "ci_high": est + half, "lambda": lam}


rng = np.random.default_rng(20261127)
cases = []
small = {
    "y": [1.0, 0.0, 1.0, 1.0, 0.0],
    "p": [0.5, 0.1, 0.25, 0.1, 0.2],
    "y_hat": [0.9, 0.2, 0.7, 0.6, 0.4],
    "population": [0.9, 0.2, 0.7, 0.6, 0.4, 0.1, 0.3, 0.8, 0.5, 0.55],
}
n = 60
pop = rng.uniform(0, 1, 400)
idx = rng.choice(400, n, replace=False)
yhat = pop[idx]
y = np.clip(yhat + rng.normal(0, 0.15, n), 0, 1)
p = np.where(np.abs(yhat - 0.5) < 0.1, 0.05 + rng.uniform(0, 0.1, n), 0.005 + rng.uniform(0, 0.01, n))
medium = {"y": y.tolist(), "p": p.tolist(), "y_hat": yhat.tolist(), "population": pop.tolist()}
for name, d in [("small", small), ("medium", medium)]:
    y, p, yhat, pop = (np.array(d[k]) for k in ("y", "p", "y_hat", "population"))
    for alpha in (0.05, 0.1):
        m, lo, hi = hajek(y, p, alpha)
        cases.append({
            "name": f"{name} alpha={alpha}", "data": d, "alpha": alpha,
            "hajek": {"mean": m, "ci_low": lo, "ci_high": hi},
            "horvitz_thompson": float(np.sum(y / p) / len(pop)),
            "n_eff": float(np.sum(1 / p) ** 2 / np.sum(1 / p**2)),
            "ppi": weighted_ppi(y, yhat, p, pop, alpha),
            "ppi_lambda_half": weighted_ppi(y, yhat, p, pop, alpha, 0.5),
        })
print(json.dumps({"cases": cases}, indent=1))
