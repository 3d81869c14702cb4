// `npm run bench isotonic`: the isotonic fit (sort, tie merge, PAVA, trim) and the 5-fold
// cross-fit `concord calibrate` and calibrated judges run, in process on 10⁴ … 10⁶ seeded
// points (judge scores on a 0.001 grid, so ties are many, human levels 1..5).
import { contiguousFolds, crossFitIsotonic, fitIsotonic, meanAbsoluteError, predictIsotonic } from "../lib/stats/isotonic.ts";
import { uniformSource } from "../lib/stats/seeded-random.ts";
import { time, timeConcord } from "./best-of.ts";

const SIZES = [1e4, 1e5, 1e6];

function dataset(n: number, seed: number) {
  const uniform = uniformSource(seed);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const quality = uniform();
    x[i] = Math.round(1000 * Math.min(1, Math.max(0, quality + (uniform() - 0.5) * 0.6))) / 1000;
    y[i] = 1 + Math.floor(5 * Math.min(0.99999, Math.max(0, quality + (uniform() - 0.5) * 0.3)));
  }
  return { x, y };
}

console.log("   points   fit ms   predict ms   5-fold cross-fit + MAE ms   thresholds");
for (const n of SIZES) {
  const { x, y } = dataset(n, 17);
  const map = fitIsotonic(x, y)!;
  const fit = time(3, () => fitIsotonic(x, y));
  const predict = time(3, () => predictIsotonic(map, x));
  const cross = time(2, () => meanAbsoluteError(crossFitIsotonic(x, y, contiguousFolds(n, 5))!, y));
  console.log(`${String(n).padStart(9)} ${fit.toFixed(1).padStart(8)} ${predict.toFixed(1).padStart(12)} ${cross.toFixed(1).padStart(27)} ${String(map.x.length).padStart(12)}`);
}
