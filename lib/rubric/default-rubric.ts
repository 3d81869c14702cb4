import type { RubricContent } from "./rubric.schema";

/**
 * The rubric Concord starts with (version 1 of the "default" rubric): overall quality of
 * one persona turn on the judge's four levels, written the way seed 001 generates rubrics —
 * a boundary for each level, the observable characteristics that place a response there,
 * edge cases with explicit guidance, and scoring guidelines at a balanced strictness — in
 * the terms of the orchestrator's dialogue (seed prompt, thesis, antithesis, synthesis).
 * Admins edit it in Settings → Rubric; every save is a new version.
 */
export const DEFAULT_RUBRIC: RubricContent = {
  criteria: [
    {
      key: "overall",
      name: "Overall quality",
      description:
        "How well this turn does its persona's job in the dialogue: it answers the seed prompt, builds on the turns before it, and reasons clearly enough to move the discussion forward.",
      type: "ordinal",
      strictness: "balanced",
      guidelines: [
        "Read the seed prompt and the earlier turns first: rate the response in its place in the session, not on its own.",
        "Rate what the persona is for. The thesis proposes and explores, the antithesis challenges, the synthesis reconciles; a good antithesis may sound negative.",
        "Length is not quality: a short response that does its job beats a long one that wanders.",
        "Rate the substance, not fluency, formatting or a confident tone.",
        "Torn between two adjacent levels? Choose the higher one only when the response shows every characteristic listed for it.",
      ],
      levels: [
        {
          value: 1,
          label: "Poor",
          description: "Does not do its persona's job: it misses or misreads the seed prompt, or adds nothing to the dialogue.",
          characteristics: [
            "Off-topic, or answers a different question from the one the seed prompt asks",
            "Repeats the prompt or the previous turn without adding anything",
            "Claims with no reasoning or example, or reasoning that contradicts itself",
            "Ignores its role: an antithesis that agrees with everything, a synthesis that drops one side",
            "Garbled, mostly boilerplate, or cut off before making its point",
          ],
        },
        {
          value: 2,
          label: "Fair",
          description: "On topic and partly useful, but thin: the main point is there; its support, or its link to the earlier turns, is weak.",
          characteristics: [
            "Addresses the prompt, but only its surface or one part of it",
            "Some reasoning, but generic: it would fit many other prompts almost unchanged",
            "Mentions earlier turns only in passing, or builds on them loosely",
            "Vague wording, gaps, or a factual slip that does not sink the whole point",
          ],
        },
        {
          value: 3,
          label: "Good",
          description: "Does its persona's job well: a clear and relevant point, supported, and connected to what came before.",
          characteristics: [
            "Answers the prompt directly and covers its main aspects",
            "Reasoning a reader can follow, with at least one concrete example, case or consequence",
            "Engages the specific content of earlier turns: names, answers or extends their points",
            "The role shows: the thesis proposes, the antithesis names a real weakness, the synthesis reconciles",
            "At most minor omissions or a loose sentence; nothing misleading",
          ],
        },
        {
          value: 4,
          label: "Excellent",
          description: "Everything Good asks, plus insight: it moves the dialogue forward in a way a careful reader would not have predicted.",
          characteristics: [
            "Precise and complete for its length, with no padding",
            "Brings out a non-obvious consideration, tension or reframing",
            "Challenges or integrates earlier turns in their strongest form, not a caricature",
            "Every claim is supported, or openly marked as a conjecture",
          ],
        },
      ],
      edgeCases: [
        {
          situation: "Very short (a sentence or two) but exactly right for its role.",
          guidance: "Rate what it achieves, not its length: brevity alone never lowers the level. Leaving out something the prompt clearly asks for does.",
        },
        {
          situation: "Long, fluent and confident, but vague or repetitive.",
          guidance: "Do not reward length or tone (verbosity bias). Rate the substance that is left once the padding is removed; usually Fair.",
        },
        {
          situation: "An antithesis that is blunt, harsh or entirely negative.",
          guidance: "Criticism is its job. Rate whether the objections are specific and fair to the thesis, not whether they are pleasant to read.",
        },
        {
          situation: "Good on its own, but ignores the earlier turns of the session.",
          guidance: "For the first turn of a session this does not count. A later turn that ignores the dialogue is at most Fair.",
        },
        {
          situation: "Contains a factual error.",
          guidance: "If the argument depends on it, Poor or Fair. A peripheral slip lowers the level by at most one.",
        },
        {
          situation: "Cut off mid-sentence.",
          guidance: "Rate what is there. If the missing part was clearly the main point, Poor.",
        },
        {
          situation: "In a language you cannot read well, or on a subject you cannot judge.",
          guidance: "Skip it (S) rather than guess; another rater will take it.",
        },
      ],
      personas: [],
      isRequired: true,
    },
  ],
  rationale: {
    label: "Rationale (optional)",
    hint: "A sentence on why, especially when two levels were close or an edge case applied.",
  },
};
