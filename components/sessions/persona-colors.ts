// One colour per persona everywhere on the sessions pages (badges, chart points, bars).
// Okabe–Ito colours, which stay apart for the common kinds of colour blindness; the chart
// points also differ in shape, so colour is never the only cue.

const KNOWN: Record<string, string> = {
  thesis: "#0072B2",
  antithesis: "#D55E00",
  synthesis: "#009E73",
};

const OTHERS = ["#CC79A7", "#E69F00", "#56B4E9", "#7a5c00", "#6b6b6b"];

export function personaColor(personaId: string): string {
  const known = KNOWN[personaId];
  if (known) return known;
  let hash = 0;
  for (const char of personaId) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return OTHERS[hash % OTHERS.length];
}

export const PERSONA_SHAPES = ["circle", "square", "triangle", "diamond"] as const;
export type PersonaShape = (typeof PERSONA_SHAPES)[number];

/** Shapes by position among the session's personas (thesis, antithesis, synthesis: ●, ■, ▲). */
export function personaShape(index: number): PersonaShape {
  return PERSONA_SHAPES[index % PERSONA_SHAPES.length];
}
