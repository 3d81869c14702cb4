// What restoring an older thresholds version would change, in one sentence for the
// confirmation: "κ_w goes from 0.610 to 0.580; 1,240 of 5,000 turns and 12 of 80 sessions
// change level." Built from the same preview the editor shows before a save.

export type RestoreEffectInput = {
  turns: { total: number; changed: number };
  sessions: { total: number; changed: number };
  kappaBefore: number | null;
  kappaAfter: number | null;
  /** Rated turns the κ values are computed on. */
  ratedTurns: number;
};

const count = (n: number) => n.toLocaleString("en");
const coefficient = (value: number | null) => (value === null ? "undefined" : value.toFixed(3));

export function describeRestoreEffect(effect: RestoreEffectInput): string {
  const parts: string[] = [];
  if (effect.ratedTurns === 0) parts.push("no turn has a human rating, so κ_w cannot be compared");
  else if (effect.kappaBefore === effect.kappaAfter) parts.push(`κ_w stays at ${coefficient(effect.kappaBefore)}`);
  else parts.push(`κ_w goes from ${coefficient(effect.kappaBefore)} to ${coefficient(effect.kappaAfter)}`);
  const { turns, sessions } = effect;
  if (turns.changed === 0 && sessions.changed === 0) parts.push("no turn or session changes level");
  else {
    const turnText = `${count(turns.changed)} of ${count(turns.total)} ${turns.total === 1 ? "turn" : "turns"}`;
    const sessionText = `${count(sessions.changed)} of ${count(sessions.total)} ${sessions.total === 1 ? "session" : "sessions"}`;
    parts.push(`${turnText} and ${sessionText} change level`);
  }
  const sentence = parts.join("; ");
  // "κ_w" stays lower case: its capital is another letter.
  return `${/^[a-z]/.test(sentence) ? sentence.charAt(0).toUpperCase() : sentence.charAt(0)}${sentence.slice(1)}.`;
}
