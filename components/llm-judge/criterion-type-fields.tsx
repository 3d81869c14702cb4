"use client";

import { useState } from "react";
import { Field, FieldFrame, SelectField } from "@/components/ui/field";
import { CRITERION_TYPES, type CriterionType } from "@/lib/rubric/rubric.schema";

const TYPE_LABELS: Record<CriterionType, string> = {
  ordinal: "Ordinal — levels 1…n",
  binary: "Binary — pass/fail",
  categorical: "Categorical — one label",
  multilabel: "Multi-label — any labels",
  numeric: "Numeric — a number in a range",
};

type Props = { values?: Record<string, string>; errors?: Record<string, string> };

/** The criterion's type and what that type needs: levels, labels, a positive label or a range. */
export function CriterionTypeFields({ values, errors }: Props) {
  const [type, setType] = useState<CriterionType>(CRITERION_TYPES.find((known) => known === values?.criterionType) ?? "ordinal");
  const countOptions = ["3", "4", "5"].map((count) => ({ value: count, label: type === "numeric" ? `${count} anchors` : `1–${count}` }));
  return (
    <>
      <FieldFrame inputId="field-criterionType" label="Type" error={errors?.criterionType}>
        <select id="field-criterionType" name="criterionType" value={type} onChange={(event) => setType(event.target.value as CriterionType)} aria-invalid={errors?.criterionType ? true : undefined}>
          {CRITERION_TYPES.map((known) => (
            <option key={known} value={known}>
              {TYPE_LABELS[known]}
            </option>
          ))}
        </select>
      </FieldFrame>
      {type === "ordinal" || type === "numeric" ? (
        <SelectField label={type === "numeric" ? "Anchors" : "Levels"} name="levelCount" defaultValue={values?.levelCount ?? "4"} options={countOptions} error={errors?.levelCount} />
      ) : null}
      {type === "categorical" || type === "multilabel" ? (
        <Field label="Labels" name="labels" defaultValue={values?.labels} placeholder="ok, off_topic, toxic" error={errors?.labels} hint="Comma-separated; the model describes exactly these. Empty lets it propose them." />
      ) : null}
      {type === "binary" ? <Field label="Positive label" name="positive" defaultValue={values?.positive} placeholder="Pass" error={errors?.positive} hint="Empty lets the model name it." /> : null}
      {type === "numeric" ? (
        <>
          <Field label="Lowest value" name="min" type="number" step="any" defaultValue={values?.min ?? "0"} required error={errors?.min} />
          <Field label="Highest value" name="max" type="number" step="any" defaultValue={values?.max ?? "10"} required error={errors?.max} />
        </>
      ) : null}
    </>
  );
}
