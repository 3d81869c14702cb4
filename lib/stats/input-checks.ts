// Guards shared by the coefficients: inputs are paired arrays of finite numbers.

/** Throws unless both arrays have the same length and hold only finite numbers. */
export function assertPairedFinite(x: ArrayLike<number>, y: ArrayLike<number>): void {
  if (x.length !== y.length) throw new RangeError(`paired arrays differ in length: ${x.length} vs ${y.length}`);
  assertFinite(x);
  assertFinite(y);
}

export function assertFinite(values: ArrayLike<number>): void {
  if (values instanceof Int32Array || values instanceof Uint32Array || values instanceof Int16Array || values instanceof Uint16Array || values instanceof Int8Array || values instanceof Uint8Array) return; // integers: finite
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) throw new RangeError(`value at index ${i} is not a finite number: ${values[i]}`);
  }
}

/** True when every value equals the first (exact comparison, as scipy's constant-input check). */
export function isConstant(values: ArrayLike<number>): boolean {
  const first = values[0];
  for (let i = 1; i < values.length; i++) if (values[i] !== first) return false;
  return true;
}
