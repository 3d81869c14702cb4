import { z } from "zod";

// A panel of judges (seed 001, "Scalare la valutazione": a panel of LLMs whose votes are
// aggregated). Written once for the settings form, the server action and the demo.

export const PANEL_AGGREGATES = ["mean", "median", "vote"] as const;
export type PanelRule = (typeof PANEL_AGGREGATES)[number];

export const PANEL_RULE_NAMES: Record<PanelRule, string> = {
  mean: "Mean of the members' scores",
  median: "Median of the members' scores",
  vote: "Majority vote of the members' labels (a tie goes to the first member listed)",
};

/** What judges.config holds for a panel. */
export type PanelConfig = { panel: { members: { id: number; name: string; version: string }[]; aggregate: PanelRule } };

export function isPanelConfig(config: unknown): config is PanelConfig {
  const panel = (config as PanelConfig | null)?.panel;
  return Boolean(panel && Array.isArray(panel.members) && PANEL_AGGREGATES.includes(panel.aggregate));
}

/**
 * The "New panel" form: a name, the rule, and a checkbox `member-<judge id>` per member,
 * in the order the form lists them (that order breaks a vote's ties).
 */
export const panelFormSchema = z.preprocess(
  (raw) => {
    const form = (raw ?? {}) as Record<string, unknown>;
    const members = Object.keys(form)
      .filter((key) => /^member-\d+$/.test(key) && form[key] === "on")
      .map((key) => Number(key.slice("member-".length)));
    return { name: form.name, aggregate: form.aggregate, members };
  },
  z.object({
    name: z
      .string({ message: "Name the panel" })
      .trim()
      .min(1, "Name the panel")
      .max(80, "Use at most 80 characters")
      .refine((name) => !name.startsWith("imported:"), "Names starting with “imported:” belong to imported judges"),
    aggregate: z.enum(PANEL_AGGREGATES, { message: "Choose how the members' answers are combined" }),
    members: z.array(z.number().int().positive()).min(2, "Pick at least two judges").max(12, "Pick at most 12 judges"),
  }),
);

export type PanelForm = z.infer<typeof panelFormSchema>;
