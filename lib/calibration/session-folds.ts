import { uniformSource } from "@/lib/stats/seeded-random";

/**
 * Fold numbers 0..k−1 for items grouped by session, so that every session's items share one
 * fold and no session sits on both sides of a split (turns of one conversation resemble each
 * other: a split inside a session would flatter the held-out score). Sessions are shuffled
 * (seeded), then taken largest first (stable, so the shuffle breaks ties) into the fold with
 * the fewest items so far, lowest fold on ties: folds come out near equal in items.
 * `k` is lowered to the number of sessions when there are fewer.
 */
export function sessionFolds(sessionOfItem: ArrayLike<number>, k: number, seed: number): { foldOf: Int32Array; folds: number } {
  const sizes = new Map<number, number>();
  for (let i = 0; i < sessionOfItem.length; i++) sizes.set(sessionOfItem[i], (sizes.get(sessionOfItem[i]) ?? 0) + 1);
  const sessions = [...sizes.keys()].sort((a, b) => a - b);
  const random = uniformSource(seed);
  for (let i = sessions.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sessions[i], sessions[j]] = [sessions[j], sessions[i]];
  }
  const order = sessions.map((session, position) => ({ session, position, size: sizes.get(session)! }));
  order.sort((a, b) => b.size - a.size || a.position - b.position);
  const folds = Math.max(1, Math.min(k, sessions.length));
  const load = new Array<number>(folds).fill(0);
  const foldOfSession = new Map<number, number>();
  for (const { session, size } of order) {
    let target = 0;
    for (let f = 1; f < folds; f++) if (load[f] < load[target]) target = f;
    foldOfSession.set(session, target);
    load[target] += size;
  }
  const foldOf = new Int32Array(sessionOfItem.length);
  for (let i = 0; i < sessionOfItem.length; i++) foldOf[i] = foldOfSession.get(sessionOfItem[i])!;
  return { foldOf, folds };
}
