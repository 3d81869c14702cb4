// Non-negative least squares, and the linear regression with non-negative coefficients that
// fits a panel's weights (scikit-learn's LinearRegression(positive=True)).

/**
 * Solves min ‖A x − b‖₂ subject to x ≥ 0 by Lawson & Hanson's active-set method ("Solving
 * Least Squares Problems", 1974, ch. 23), as scipy.optimize.nnls does. `columns[j]` is
 * column j of A (m rows). Each inner least-squares problem is solved by Cholesky on the
 * normal equations of the passive columns, which is accurate for the few, well-separated
 * columns of a panel (its members). Returns x and the residual norm ‖A x − b‖.
 */
export function nnls(columns: readonly ArrayLike<number>[], b: ArrayLike<number>, maxIterations = 3 * columns.length + 30): { x: number[]; rnorm: number } {
  const n = columns.length;
  const m = b.length;
  for (const column of columns) if (column.length !== m) throw new RangeError(`every column needs ${m} rows`);
  const dot = (u: ArrayLike<number>, v: ArrayLike<number>) => {
    let s = 0;
    for (let i = 0; i < m; i++) s += u[i] * v[i];
    return s;
  };
  const gram = columns.map((u) => columns.map((v) => dot(u, v)));
  const atb = columns.map((u) => dot(u, b));
  let norm1 = 0;
  for (const column of columns) {
    let s = 0;
    for (let i = 0; i < m; i++) s += Math.abs(column[i]);
    norm1 = Math.max(norm1, s);
  }
  const tolerance = 10 * Number.EPSILON * norm1 * Math.max(m, n);

  const x = new Array<number>(n).fill(0);
  const passive = new Array<boolean>(n).fill(false);
  // Gradient w = Aᵀ(b − A x) = Aᵀb − AᵀA x.
  const gradient = () => atb.map((v, j) => v - gram[j].reduce((s, g, k) => s + g * x[k], 0));
  /** The unconstrained least-squares solution on the passive columns, zero elsewhere. */
  const solvePassive = (): number[] => {
    const set = passive.flatMap((p, j) => (p ? [j] : []));
    const z = choleskySolve(
      set.map((i) => set.map((j) => gram[i][j])),
      set.map((i) => atb[i]),
    );
    const s = new Array<number>(n).fill(0);
    set.forEach((j, k) => (s[j] = z[k]));
    return s;
  };

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const w = gradient();
    let best = -1;
    for (let j = 0; j < n; j++) if (!passive[j] && w[j] > tolerance && (best === -1 || w[j] > w[best])) best = j;
    if (best === -1) break;
    passive[best] = true;
    for (;;) {
      const s = solvePassive();
      const infeasible = passive.map((p, j) => p && s[j] <= tolerance);
      if (!infeasible.some(Boolean)) {
        for (let j = 0; j < n; j++) x[j] = s[j];
        break;
      }
      let alpha = Infinity;
      for (let j = 0; j < n; j++) if (infeasible[j]) alpha = Math.min(alpha, x[j] / (x[j] - s[j]));
      for (let j = 0; j < n; j++) {
        x[j] += alpha * (s[j] - x[j]);
        if (passive[j] && Math.abs(x[j]) <= tolerance) {
          passive[j] = false;
          x[j] = 0;
        }
      }
    }
  }
  let squares = 0;
  for (let i = 0; i < m; i++) {
    let r = b[i];
    for (let j = 0; j < n; j++) r -= columns[j][i] * x[j];
    squares += r * r;
  }
  return { x, rnorm: Math.sqrt(squares) };
}

/** Solves S z = r for a symmetric positive definite S (Cholesky); a singular S gives zeros where it fails. */
function choleskySolve(s: number[][], r: number[]): number[] {
  const k = r.length;
  const l = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = s[i][j];
      for (let p = 0; p < j; p++) sum -= l[i][p] * l[j][p];
      l[i][j] = i === j ? Math.sqrt(Math.max(sum, 0)) : l[j][j] > 0 ? sum / l[j][j] : 0;
    }
  }
  const y = new Array<number>(k).fill(0);
  for (let i = 0; i < k; i++) {
    let sum = r[i];
    for (let p = 0; p < i; p++) sum -= l[i][p] * y[p];
    y[i] = l[i][i] > 0 ? sum / l[i][i] : 0;
  }
  const z = new Array<number>(k).fill(0);
  for (let i = k - 1; i >= 0; i--) {
    let sum = y[i];
    for (let p = i + 1; p < k; p++) sum -= l[p][i] * z[p];
    z[i] = l[i][i] > 0 ? sum / l[i][i] : 0;
  }
  return z;
}

/**
 * y ≈ intercept + Σ_j coef_j · x_j with every coef_j ≥ 0: scikit-learn 1.2's
 * LinearRegression(positive=True), which centres each column and y on their means, solves
 * nnls on the centred data and sets intercept = ȳ − Σ coef_j x̄_j.
 */
export function positiveLinearRegression(columns: readonly ArrayLike<number>[], y: ArrayLike<number>): { coef: number[]; intercept: number } {
  const m = y.length;
  if (m === 0) throw new RangeError("no rows to fit");
  const mean = (v: ArrayLike<number>) => {
    let s = 0;
    for (let i = 0; i < m; i++) s += v[i];
    return s / m;
  };
  const means = columns.map(mean);
  const yMean = mean(y);
  const centred = columns.map((column, j) => Float64Array.from({ length: m }, (_, i) => column[i] - means[j]));
  const yCentred = Float64Array.from({ length: m }, (_, i) => y[i] - yMean);
  const { x } = nnls(centred, yCentred);
  return { coef: x, intercept: yMean - x.reduce((s, c, j) => s + c * means[j], 0) };
}
