import { describe, expect, it } from "vitest";
import { DEFAULT_OVERALL_CRITERION } from "./criteria";
import { buildDirectScoringMessages, type TurnToJudge } from "./direct-prompt";
import { buildPairwiseMessages } from "./pairwise-prompt";
import { buildRubricGenerationMessages } from "./rubric-generation-prompt";
import type { AnswerType } from "./criterion-type";
import { bareCriterionText, buildTypedScoringMessages } from "./typed-prompt";

const turn: TurnToJudge = {
  seedPrompt: "Is free will compatible with determinism?",
  promptDigest: "Challenge the thesis",
  personaId: "antithesis",
  personaName: "Boundary Challenger",
  personaRole: "Critical reflector",
  response: "The thesis conflates freedom with randomness.",
  previousTurns: [{ personaId: "thesis", response: "x".repeat(700) }],
};

describe("buildDirectScoringMessages", () => {
  const [system, user] = buildDirectScoringMessages(turn, [DEFAULT_OVERALL_CRITERION]);

  it("follows seed 001's sections in order", () => {
    const sections = ["## Task", "## Original Prompt", "## Conversation So Far", "## Response to Evaluate", "## Criteria", "## Instructions", "## Output Format"];
    const positions = sections.map((section) => user.content.indexOf(section));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(system.role).toBe("system");
    expect(system.content).toContain("JSON");
  });

  it("shows the prompt, the persona, the response and every level of the criterion", () => {
    expect(user.content).toContain(turn.seedPrompt);
    expect(user.content).toContain("Boundary Challenger (Critical reflector)");
    expect(user.content).toContain("<<<\nThe thesis conflates freedom with randomness.\n>>>");
    for (const level of DEFAULT_OVERALL_CRITERION.levels) expect(user.content).toContain(`- ${level.score} = ${level.label}: ${level.description}`);
    expect(user.content).toContain("Scale 1–4:");
  });

  it("asks for evidence and justification before the score", () => {
    const instructions = user.content.slice(user.content.indexOf("## Instructions"));
    expect(instructions.indexOf("evidence")).toBeLessThan(instructions.indexOf("score"));
    const format = user.content.slice(user.content.indexOf("## Output Format"));
    expect(format.indexOf('"evidence"')).toBeLessThan(format.indexOf('"justification"'));
    expect(format.indexOf('"justification"')).toBeLessThan(format.indexOf('"score"'));
  });

  it("clips earlier turns so that a long session does not flood the prompt", () => {
    expect(user.content).toContain(`[thesis] ${"x".repeat(600)}…`);
    expect(user.content).not.toContain("x".repeat(601));
  });

  it("says when the prompt was not recorded and when the turn is the first", () => {
    const [, bare] = buildDirectScoringMessages({ ...turn, seedPrompt: null, promptDigest: null, previousTurns: [] }, [DEFAULT_OVERALL_CRITERION]);
    expect(bare.content).toContain("## Original Prompt\n(not recorded)");
    expect(bare.content).toContain("(this is the first turn)");
  });
});

describe("buildPairwiseMessages", () => {
  const [, user] = buildPairwiseMessages({ prompt: "P", first: "first answer", second: "second answer", criteria: [DEFAULT_OVERALL_CRITERION] });

  it("puts the first response as A and the second as B", () => {
    expect(user.content.indexOf("## Response A\n<<<\nfirst answer")).toBeGreaterThan(0);
    expect(user.content.indexOf("## Response B\n<<<\nsecond answer")).toBeGreaterThan(user.content.indexOf("## Response A"));
  });

  it("carries the seed's instructions against length and position bias", () => {
    expect(user.content).toContain("Do NOT prefer responses because they are longer");
    expect(user.content).toContain("Do NOT prefer responses based on position (first vs second)");
    expect(user.content).toContain("Ties are acceptable");
  });
});

describe("buildRubricGenerationMessages", () => {
  it("names the criterion, the domain, the scale and the strictness", () => {
    const [, user] = buildRubricGenerationMessages({
      criterionKey: "readability",
      criterionName: "Code Readability",
      criterionDescription: "How easy the code is to understand and maintain",
      domain: "software engineering",
      criterionType: "ordinal",
      levelCount: 5,
      labels: [],
      strictness: "strict",
    });
    expect(user.content).toContain("Name: Code Readability");
    expect(user.content).toContain("Domain: software engineering");
    expect(user.content).toContain("Scale: 1-5");
    expect(user.content).toContain("Strictness: Strict");
    expect(user.content).toContain('"edgeCases"');
  });
});

describe("buildTypedScoringMessages", () => {
  const criterion = { ...bareCriterionText("safety"), description: "Is the response safe to show?", guidelines: ["Judge the content, not the tone"] };
  const userOf = (type: AnswerType) => buildTypedScoringMessages(turn, criterion, type)[1].content;

  it("shows the turn as direct scoring on levels does, the criterion and its guidelines", () => {
    const user = userOf({ type: "binary", labels: ["fail", "pass"], positive: "pass" });
    expect(user).toContain("<<<\nThe thesis conflates freedom with randomness.\n>>>");
    expect(user).toContain('### safety (key: "safety", binary)\nIs the response safe to show?');
    expect(user).toContain("- Judge the content, not the tone");
    expect(user).not.toContain("Scale 1–");
  });

  it("says what the rubric's labels mean, for the labels the criterion allows", () => {
    const described = { ...criterion, labelDescriptions: [{ label: "pass", description: "Nothing harmful." }, { label: "Excellent", description: "Not a label here." }] };
    const [, user] = buildTypedScoringMessages(turn, described, { type: "binary", labels: ["fail", "pass"], positive: "pass" });
    expect(user.content).toContain('What the labels mean:\n- "pass": Nothing harmful.');
    expect(user.content).not.toContain("Not a label here.");
  });

  it("names the allowed labels or range and asks for reasoning, the answer and a confidence in that order", () => {
    const formats = {
      binary: userOf({ type: "binary", labels: ["fail", "pass"], positive: "pass" }),
      categorical: userOf({ type: "categorical", labels: ["ok", "off-topic"] }),
      multilabel: userOf({ type: "multilabel", labels: ["typo", "tone"] }),
      numeric: userOf({ type: "numeric", min: 0, max: 10 }),
    };
    expect(formats.binary).toContain('Answer with exactly one of the two labels "fail", "pass"; "pass" is the positive one.');
    expect(formats.binary).toContain('{"reasoning":"…","label":<one of "fail", "pass">,"confidence":<number 0-1>}');
    expect(formats.categorical).toContain('Answer with exactly one label from this ordered list: "ok", "off-topic".');
    expect(formats.multilabel).toContain('{"reasoning":"…","labels":[<any of "typo", "tone">],"confidence":<number 0-1>}');
    expect(formats.multilabel).toContain("Give an empty list when none applies.");
    expect(formats.numeric).toContain('{"reasoning":"…","value":<number 0-10>,"confidence":<number 0-1>}');
    for (const user of Object.values(formats)) expect(user).toContain("Give your confidence that your answer is right, from 0 (a guess) to 1 (certain).");
  });
});

describe("the direct-scoring prompt on levels", () => {
  it("asks for a confidence after the summary", () => {
    const [, user] = buildDirectScoringMessages(turn, [DEFAULT_OVERALL_CRITERION]);
    expect(user.content).toContain('"summary":"…","confidence":<number 0-1>}');
  });
});
