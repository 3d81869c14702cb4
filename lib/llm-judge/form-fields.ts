import { z } from "zod";

// Form values arrive as strings; an empty field means "use the default", not zero.
export const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export function numberField(options: { min: number; max: number; fallback: number; isInteger?: boolean; label: string }) {
  let schema = z.coerce.number({ message: `${options.label} must be a number` });
  if (options.isInteger) schema = schema.int(`${options.label} must be a whole number`);
  return z.preprocess(blankToUndefined, schema.min(options.min, `${options.label} is at least ${options.min}`).max(options.max, `${options.label} is at most ${options.max}`).default(options.fallback));
}

/** A number that may be left empty (undefined), within [min, max]. */
export function optionalNumberField(options: { min: number; max: number; label: string }) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `${options.label} must be a number` })
      .min(options.min, `${options.label} is at least ${options.min}`)
      .max(options.max, `${options.label} is at most ${options.max}`)
      .optional(),
  );
}

export function optionalText(max: number) {
  return z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
}

/** An HTML checkbox: present ("on") when ticked, absent otherwise. */
export const checkboxField = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
