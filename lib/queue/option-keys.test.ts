import { describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "@/lib/rubric/default-rubric";
import { BINARY_CRITERION, CATEGORICAL_CRITERION, MULTILABEL_CRITERION, NUMERIC_CRITERION } from "@/lib/rubric/test-criteria";
import { answerForOption, initialAnswer, optionKeysHint } from "./option-keys";

describe("number keys on a criterion", () => {
  const [overall] = DEFAULT_RUBRIC.criteria;

  it("pick a level, or a label of a binary or categorical criterion", () => {
    expect(answerForOption(overall, undefined, 3)).toBe(3);
    expect(answerForOption(BINARY_CRITERION, "Pass", 2)).toBe("Fail");
    expect(answerForOption(CATEGORICAL_CRITERION, undefined, 3)).toBe("Summarise");
  });

  it("toggle a label of a multi-label criterion", () => {
    expect(answerForOption(MULTILABEL_CRITERION, [], 2)).toEqual(["Logical"]);
    expect(answerForOption(MULTILABEL_CRITERION, ["Logical"], 3)).toEqual(["Logical", "Off-topic"]);
    expect(answerForOption(MULTILABEL_CRITERION, ["Logical", "Off-topic"], 2)).toEqual(["Off-topic"]);
  });

  it("do nothing past the last option, or on a numeric criterion", () => {
    expect(answerForOption(overall, 2, 5)).toBeNull();
    expect(answerForOption(BINARY_CRITERION, undefined, 3)).toBeNull();
    expect(answerForOption(NUMERIC_CRITERION, 4, 1)).toBeNull();
  });

  it("start a required multi-label criterion as an empty set and every other one unanswered", () => {
    expect(initialAnswer(MULTILABEL_CRITERION)).toEqual([]);
    expect(initialAnswer({ ...MULTILABEL_CRITERION, isRequired: false })).toBeUndefined();
    expect(initialAnswer(BINARY_CRITERION)).toBeUndefined();
  });

  it("are named in the hints as the keys that exist", () => {
    expect([2, 4, 9, 10].map(optionKeysHint)).toEqual(["keys 1–2", "keys 1–4", "keys 1–9", "keys 1–9, 0"]);
  });
});
