#!/usr/bin/env python3
"""Times scipy.stats.spearmanr and scipy.stats.kendalltau (each with its p-value, as
lib/stats's spearmanCorrelation and kendallTauB) on the pairs bench/stats.bench.ts wrote:
two float64 files of n values each. Prints {"spearman_ms", "kendall_ms", "spearman",
"kendall_tau_b", "scipy"}: best of REPEATS runs, and the coefficients to compare.

  /usr/bin/python3 scripts/reference/correlation_timing.py X.f64 Y.f64 [REPEATS]
"""
import json
import sys
import time
import warnings

import numpy as np
import scipy
from scipy import stats


def best(repeats, fn):
    result, best_s = None, float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        best_s = min(best_s, time.perf_counter() - start)
    return result, best_s * 1000


def main():
    x = np.fromfile(sys.argv[1], dtype=np.float64)
    y = np.fromfile(sys.argv[2], dtype=np.float64)
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    warnings.simplefilter("ignore")  # scipy's tie-variance sum overflows a scalar at 10⁷
    rho, rho_ms = best(repeats, lambda: stats.spearmanr(x, y))
    tau, tau_ms = best(repeats, lambda: stats.kendalltau(x, y))
    json.dump({"spearman_ms": rho_ms, "kendall_ms": tau_ms, "spearman": float(rho[0]), "kendall_tau_b": float(tau[0]), "scipy": scipy.__version__}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
