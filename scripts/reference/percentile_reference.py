#!/usr/bin/env python3
"""Reference percentiles for lib/stats/percentile.ts: numpy's default np.percentile (method
"linear", Hyndman & Fan definition 7) over a few seeded samples, with ties, tiny and
bootstrap-sized inputs. Floats are written with repr, so they read back bit for bit.

Usage: python3 scripts/reference/percentile_reference.py > lib/stats/fixtures/percentile.json
"""
import json

import numpy as np

PS = [0, 2.5, 5, 10, 25, 33.3, 50, 66.7, 75, 90, 95, 97.5, 99.5, 100]


def case(name, values):
    values = [float(v) for v in values]
    return {
        "name": name,
        "values": values,
        "percentiles": [float(v) for v in np.percentile(np.array(values), PS)],
    }


rng = np.random.default_rng(20_261_125)
cases = [
    case("one value", [0.42]),
    case("two values", [0.7, -0.3]),
    case("five integers", [3, 1, 4, 1, 5]),
    case("ties of a 4-level scale", rng.integers(1, 5, size=37)),
    case("uniform, n = 10", rng.uniform(-1, 1, size=10)),
    case("normal, n = 101", rng.normal(0.6, 0.05, size=101)),
    case("kappa-like replicates, n = 400", np.clip(rng.normal(0.62, 0.04, size=400), -1, 1)),
]
print(json.dumps({"about": f"numpy {np.__version__} np.percentile(values, ps), default method 'linear'", "ps": PS, "cases": cases}))
