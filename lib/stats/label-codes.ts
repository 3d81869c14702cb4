// Label text → integer codes, in the order scikit-learn gives labels: np.unique of Python
// strings, i.e. by Unicode code point ("1" < "10" < "2" < "B" < "a" < "é" < "ｆ" < "😀").

/**
 * Orders strings by code point, as Python and NumPy compare text. JavaScript's `<` compares
 * UTF-16 code units, which puts astral characters (stored as surrogates, 0xD800–0xDFFF)
 * before U+E000–U+FFFF; only the first differing unit decides, so lifting surrogates above
 * that range is enough.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codeUnitRank(x) - codeUnitRank(y);
  }
  return a.length - b.length;
}

function codeUnitRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  return unit >= 0xe000 ? unit - 0x800 : unit;
}

/** Labels in first-seen order, each with its position once sorted by code point. */
export function sortLabels(firstSeen: readonly string[]): { labels: string[]; rank: Int32Array } {
  const order = firstSeen.map((_, i) => i).sort((i, j) => compareCodePoints(firstSeen[i], firstSeen[j]));
  const rank = new Int32Array(firstSeen.length);
  order.forEach((seen, position) => (rank[seen] = position));
  return { labels: order.map((i) => firstSeen[i]), rank };
}

/** Grows a first-seen dictionary of labels; `codeOf` returns a label's first-seen code. */
export function labelDictionary(): { codeOf: (label: string) => number; labels: string[] } {
  const codes = new Map<string, number>();
  const labels: string[] = [];
  const codeOf = (label: string): number => {
    let code = codes.get(label);
    if (code === undefined) {
      code = labels.length;
      codes.set(label, code);
      labels.push(label);
    }
    return code;
  };
  return { codeOf, labels };
}

export type PairedCodes = { labels: string[]; human: Int32Array; judge: Int32Array };

/**
 * Paired labels as positions in their sorted union (scikit-learn's unique_labels(y_true,
 * y_pred)): human[t] = i means the human's t-th label is labels[i].
 */
export function encodePairedLabels(human: readonly string[], judge: readonly string[]): PairedCodes {
  if (human.length !== judge.length) throw new RangeError(`paired arrays differ in length: ${human.length} vs ${judge.length}`);
  const dictionary = labelDictionary();
  const humanCodes = new Int32Array(human.length);
  const judgeCodes = new Int32Array(judge.length);
  for (let t = 0; t < human.length; t++) {
    humanCodes[t] = dictionary.codeOf(human[t]);
    judgeCodes[t] = dictionary.codeOf(judge[t]);
  }
  const { labels, rank } = sortLabels(dictionary.labels);
  for (let t = 0; t < human.length; t++) {
    humanCodes[t] = rank[humanCodes[t]];
    judgeCodes[t] = rank[judgeCodes[t]];
  }
  return { labels, human: humanCodes, judge: judgeCodes };
}
