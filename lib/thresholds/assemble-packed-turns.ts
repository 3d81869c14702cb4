import type { PackedTurns, Raw } from "./score-pack-parser";

/** Every turn of some packs in turn order, with each turn's session as a dense index (in order of first appearance). */
export type TurnColumns = {
  n: number;
  turnId: Int32Array;
  session: Int32Array;
  sessionIds: Int32Array;
  persona: Uint16Array;
  overall: Float64Array;
  length: Float64Array;
  sentiment: Float64Array;
  completeness: Float64Array;
  critical: Float64Array;
};

const VALUE_COLUMNS = ["turnId", "persona", "overall", "length", "sentiment", "completeness", "critical"] as const;

/**
 * The turns of packs read in parts (each part in whatever order its rows came) as one set of
 * columns in turn order. Packs are put in order of their first turn and copied run by run
 * (packs that follow each other both in a part and in turn order are one copy); when no two
 * sessions' turns interleave, as imports write them, that is turn order already. Otherwise
 * every turn is sorted by id. Sessions are numbered in order of their first turn.
 */
export function assemblePackedTurns(parts: readonly PackedTurns[]): TurnColumns {
  const order: { part: number; pack: number; first: number }[] = [];
  let n = 0;
  parts.forEach((packed, part) => {
    n += packed.n;
    for (let k = 0; k < packed.packs.count; k++) order.push({ part, pack: k, first: packed.packs.firstTurnId[k] });
  });
  order.sort((a, b) => a.first - b.first);

  const out: TurnColumns = {
    n,
    turnId: new Int32Array(n),
    session: new Int32Array(n),
    sessionIds: new Int32Array(order.length),
    persona: new Uint16Array(n),
    overall: new Float64Array(n),
    length: new Float64Array(n),
    sentiment: new Float64Array(n),
    completeness: new Float64Array(n),
    critical: new Float64Array(n),
  };
  let at = 0;
  for (let k = 0; k < order.length; ) {
    const { part } = order[k];
    const packed = parts[part];
    const from = packed.packs.start[order[k].pack];
    let to = from;
    // One run: packs of the same part, each starting where the previous one ended.
    for (; k < order.length && order[k].part === part && packed.packs.start[order[k].pack] === to; k++) {
      const count = packCount(packed, order[k].pack);
      out.sessionIds[k] = packed.packs.sessionId[order[k].pack];
      out.session.fill(k, at + to - from, at + to - from + count);
      to += count;
    }
    for (const key of VALUE_COLUMNS) (out[key] as Float64Array).set((packed[key] as Float64Array).subarray(from, to), at);
    at += to - from;
  }
  for (let i = 1; i < n; i++) if (out.turnId[i] <= out.turnId[i - 1]) return sortedByTurn(out);
  return out;
}

function packCount(packed: PackedTurns, pack: number): number {
  return (pack + 1 < packed.packs.count ? packed.packs.start[pack + 1] : packed.n) - packed.packs.start[pack];
}

/** The columns in turn id order, sessions renumbered in order of first appearance. */
function sortedByTurn(columns: TurnColumns): TurnColumns {
  const { n } = columns;
  const index = new Uint32Array(n);
  for (let i = 0; i < n; i++) index[i] = i;
  index.sort((a, b) => columns.turnId[a] - columns.turnId[b]);
  const out: TurnColumns = { ...columns, session: new Int32Array(n), sessionIds: new Int32Array(columns.sessionIds.length) };
  for (const key of VALUE_COLUMNS) {
    const from = columns[key] as Float64Array;
    const to = new (from.constructor as Float64ArrayConstructor)(n);
    for (let i = 0; i < n; i++) to[i] = from[index[i]];
    Object.assign(out, { [key]: to });
  }
  const renumbered = new Int32Array(columns.sessionIds.length).fill(-1);
  let sessions = 0;
  for (let i = 0; i < n; i++) {
    const old = columns.session[index[i]];
    if (renumbered[old] < 0) {
      renumbered[old] = sessions;
      out.sessionIds[sessions++] = columns.sessionIds[old];
    }
    out.session[i] = renumbered[old];
  }
  return out;
}

/**
 * Parts parsed one after another into shared columns (ScorePackParser with a PackTarget,
 * part k from the sum of the earlier parts' turns): when the turns lie in turn order as
 * they are, as they do when each part's packs came in order, the shared columns are the
 * answer and nothing is copied; otherwise they are put in order as assemblePackedTurns does.
 */
export function assembleSharedParts(parts: readonly PackedTurns[], shared: { raw: Raw; persona: Uint16Array }): TurnColumns {
  const n = parts.reduce((sum, part) => sum + part.n, 0);
  let isInPlace = true;
  let offset = 0;
  for (const part of parts) {
    isInPlace &&= part.n === 0 || (part.turnId.buffer === shared.raw.turnId.buffer && part.turnId.byteOffset === offset * 4);
    offset += part.n;
  }
  const turnId = shared.raw.turnId.subarray(0, n);
  for (let i = 1; isInPlace && i < n; i++) if (turnId[i] <= turnId[i - 1]) isInPlace = false;
  if (!isInPlace) return assemblePackedTurns(parts);

  const sessionIds = new Int32Array(parts.reduce((sum, part) => sum + part.packs.count, 0));
  const session = new Int32Array(n);
  let s = 0;
  let at = 0;
  for (const part of parts) {
    for (let k = 0; k < part.packs.count; k++, s++) {
      const count = packCount(part, k);
      sessionIds[s] = part.packs.sessionId[k];
      session.fill(s, at, at + count);
      at += count;
    }
  }
  const { raw } = shared;
  return {
    n,
    turnId,
    session,
    sessionIds,
    persona: shared.persona.subarray(0, n),
    overall: raw.overall.subarray(0, n),
    length: raw.length.subarray(0, n),
    sentiment: raw.sentiment.subarray(0, n),
    completeness: raw.completeness.subarray(0, n),
    critical: raw.critical.subarray(0, n),
  };
}
