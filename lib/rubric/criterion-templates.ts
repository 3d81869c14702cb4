import type { Criterion } from "./rubric.schema";

/**
 * Criteria an admin can add to the rubric with one click, then edit: the judge's own
 * metric dimensions (seed 002 §3) on a 1–5 scale, so humans can be compared with each part
 * of the judge's score and not only its overall level.
 */
export const CRITERION_TEMPLATES: readonly Criterion[] = [
  {
    key: "completeness",
    name: "Completeness",
    description: "How fully the response covers what the seed prompt and the persona's role ask of it.",
    type: "ordinal",
    strictness: "balanced",
    guidelines: ["Count the aspects the prompt asks about, then how many the response handles with substance.", "Do not reward listing many points superficially."],
    levels: [
      { value: 1, label: "Missing", description: "The central ask of the prompt is not addressed.", characteristics: ["The main question is left unanswered", "Only tangential points"] },
      { value: 2, label: "Partial", description: "Addresses one aspect; the others are missing.", characteristics: ["One part of a multi-part prompt answered", "Key terms of the prompt ignored"] },
      { value: 3, label: "Adequate", description: "The main aspects are there, some only briefly.", characteristics: ["Every main aspect at least touched", "One aspect handled in depth"] },
      { value: 4, label: "Thorough", description: "All main aspects handled with substance.", characteristics: ["Each aspect has reasoning or an example", "Small omissions only"] },
      { value: 5, label: "Complete", description: "Nothing the prompt or the role asks for is missing.", characteristics: ["All aspects covered in depth", "Anticipates the obvious follow-up question"] },
    ],
    edgeCases: [{ situation: "The prompt is open-ended, with no explicit parts.", guidance: "Judge against what a well-informed reader would expect a full answer to cover." }],
    personas: [],
    isRequired: false,
  },
  {
    key: "critical_intensity",
    name: "Critical intensity",
    description: "How sharply and specifically the antithesis challenges the thesis.",
    type: "ordinal",
    strictness: "balanced",
    guidelines: ["Specific, well-aimed objections count; harsh words alone do not.", "An objection the thesis already answered counts for little."],
    levels: [
      { value: 1, label: "Absent", description: "No real challenge: agrees, or only restates.", characteristics: ["Agrees with the thesis", "No objection raised"] },
      { value: 2, label: "Mild", description: "A general reservation without a specific target.", characteristics: ["Hedged doubts", "No named weakness"] },
      { value: 3, label: "Pointed", description: "Names at least one specific weakness of the thesis.", characteristics: ["A concrete objection", "Some support for it"] },
      { value: 4, label: "Strong", description: "Several specific objections, well supported.", characteristics: ["Counter-examples or missing conditions", "Targets the thesis's central claim"] },
      { value: 5, label: "Incisive", description: "Exposes the decisive weakness and shows why it matters.", characteristics: ["Goes to the assumption everything rests on", "Fair to the thesis's strongest form"] },
    ],
    edgeCases: [{ situation: "Harsh tone but vague content.", guidance: "Rate the substance of the objections: at most Mild." }],
    personas: ["antithesis"],
    isRequired: false,
  },
];
