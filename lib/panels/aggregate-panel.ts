// A panel's answers from its members' answers, as columns: each member's turns in ascending
// turn order (as the database hands them over), the panel answering the turns every member
// answered. The aggregation itself is lib/stats/panel.ts's, so the stored panel gives exactly
// the values the command line and the report compute from the same answers.
import { meanAggregate, medianAggregate, voteAggregate } from "@/lib/stats/panel";

export type MemberScores = { turnIds: Int32Array; scores: Float64Array };
export type MemberLabels = { turnIds: Int32Array; labels: readonly string[] };
/** Members' labels as codes into one shared dictionary: codes[i] is the label dictionary[codes[i]]. */
export type MemberLabelCodes = { dictionary: readonly string[]; members: { turnIds: Int32Array; codes: Int32Array }[] };

export type PanelScores = {
  turnIds: Int32Array;
  scores: Float64Array;
  /** members[m][i]: member m's score on turnIds[i]. */
  members: Float64Array[];
};
export type PanelVotes = {
  turnIds: Int32Array;
  labels: string[];
  /** The share of members that gave the winning label. */
  confidence: Float64Array;
};
export type PanelVotesWithMembers = PanelVotes & {
  /** members[m][i]: member m's label on turnIds[i]. */
  members: (readonly string[])[];
};

function assertAscending(turnIds: Int32Array, m: number): void {
  for (let i = 1; i < turnIds.length; i++) {
    if (turnIds[i] <= turnIds[i - 1]) throw new RangeError(`member ${m + 1}'s turns are not in ascending order at position ${i}: ${turnIds[i - 1]} then ${turnIds[i]}`);
  }
}

function sameTurns(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The turns every member answered, ascending, and where each lies in each member's columns
 * (null when every member answered the same turns: each column is then used as it is).
 * Two pointers per member over sorted ids: O(k·n), no hashing.
 */
export function commonTurns(members: readonly Int32Array[]): { turnIds: Int32Array; positions: Int32Array[] | null } {
  if (members.length === 0) throw new RangeError("a panel needs at least one member");
  members.forEach(assertAscending);
  // The usual case: every member answered the same turns; positions are then the identity (null).
  if (members.every((ids) => sameTurns(ids, members[0]))) return { turnIds: members[0], positions: null };
  let common = members[0];
  for (let m = 1; m < members.length; m++) {
    const other = members[m];
    const kept = new Int32Array(Math.min(common.length, other.length));
    let n = 0;
    for (let i = 0, j = 0; i < common.length && j < other.length; ) {
      if (common[i] < other[j]) i++;
      else if (common[i] > other[j]) j++;
      else {
        kept[n++] = common[i];
        i++;
        j++;
      }
    }
    common = kept.subarray(0, n);
  }
  const turnIds = common.slice();
  const positions = members.map((ids) => {
    const at = new Int32Array(turnIds.length);
    for (let i = 0, j = 0; i < turnIds.length; i++) {
      while (ids[j] !== turnIds[i]) j++;
      at[i] = j;
    }
    return at;
  });
  return { turnIds, positions };
}

/** out[i] = values[at[i]]: a plain loop (TypedArray.from with a map function is an order of magnitude slower). */
function gather<T, O extends { [i: number]: T }>(values: ArrayLike<T>, at: Int32Array, out: O): O {
  for (let i = 0; i < at.length; i++) out[i] = values[at[i]];
  return out;
}

/** Mean or median of the members' scores on the turns all of them scored (meanAggregate / medianAggregate). */
export function aggregatePanelScores(members: readonly MemberScores[], rule: "mean" | "median"): PanelScores {
  const { turnIds, positions } = commonTurns(members.map((m) => m.turnIds));
  const columns = members.map((member, m) => (positions ? gather(member.scores, positions[m], new Float64Array(turnIds.length)) : member.scores));
  return { turnIds, scores: rule === "mean" ? meanAggregate(columns) : medianAggregate(columns), members: columns };
}

/**
 * The majority label on the turns all members labelled (voteAggregate: a tie goes to the
 * label of the earliest-listed member among the tied ones), with the winning share.
 */
export function aggregatePanelVotes(members: readonly MemberLabels[]): PanelVotesWithMembers {
  const { turnIds, positions } = commonTurns(members.map((m) => m.turnIds));
  const columns = members.map((member, m) => (positions ? gather(member.labels, positions[m], new Array<string>(turnIds.length)) : member.labels));
  const labels = voteAggregate(columns);
  const confidence = new Float64Array(turnIds.length);
  for (let i = 0; i < labels.length; i++) {
    let votes = 0;
    for (const column of columns) if (column[i] === labels[i]) votes++;
    confidence[i] = votes / columns.length;
  }
  return { turnIds, labels, confidence, members: columns };
}

/**
 * aggregatePanelVotes on labels given as codes into one dictionary (equal codes, equal
 * labels): the same rule on integers — the label most members gave, a tie going to the
 * earliest-listed member's — with no string touched per turn.
 */
export function aggregatePanelVoteCodes({ dictionary, members }: MemberLabelCodes): PanelVotes {
  const { turnIds, positions } = commonTurns(members.map((m) => m.turnIds));
  const columns = members.map((member, m) => (positions ? gather(member.codes, positions[m], new Int32Array(turnIds.length)) : member.codes));
  const k = columns.length;
  const n = turnIds.length;
  const labels = new Array<string>(n);
  const confidence = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let best = 0;
    let bestCount = 0;
    for (let m = 0; m < k; m++) {
      const code = columns[m][i];
      let count = 0;
      for (let o = 0; o < k; o++) if (columns[o][i] === code) count++;
      // Strictly greater: among tied labels the earliest member's stays.
      if (count > bestCount) {
        best = m;
        bestCount = count;
      }
    }
    labels[i] = dictionary[columns[best][i]];
    confidence[i] = bestCount / k;
  }
  return { turnIds, labels, confidence };
}
