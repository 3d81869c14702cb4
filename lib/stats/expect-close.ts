// Test helper: compare a figure that may be null with a reference, absolutely or relatively.
import { expect } from "vitest";

export function expectClose(actual: number | null | undefined, expected: number | null, tolerance: number): void {
  if (expected === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(tolerance);
}

export function expectRelativelyClose(actual: number | null | undefined, expected: number, tolerance: number): void {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected) / Math.abs(expected)).toBeLessThanOrEqual(tolerance);
}
