// An Aho–Corasick automaton over the configuration's fixed keywords (reasoning, example, role
// and critical keywords): the response scan feeds it each lower-cased unit and so learns which
// keywords occur as substrings in the same pass, instead of one String.includes per keyword.

export interface KeywordAutomaton {
  /** The distinct non-empty keywords; a keyword's id is its index here. */
  readonly keywords: readonly string[];
  /** UTF-16 unit → its symbol; 0 for a unit in no keyword. */
  readonly symbolOf: Uint16Array;
  /** Symbols per state row (even, so that bit 0 of a row offset is free). */
  readonly width: number;
  /**
   * next[row + symbol]: the row offset (state × width) after reading `symbol` in the state at
   * `row`, plus 1 when that state ends at least one keyword.
   */
  readonly next: Int32Array;
  /** The ids of the keywords that end in each state (through its suffix links too), by state. */
  readonly endsAt: readonly (readonly number[])[];
  /** found[id] = the stamp of the latest scan in which keyword `id` occurred. */
  readonly found: Float64Array;
}

export function buildKeywordAutomaton(keywords: readonly string[]): KeywordAutomaton {
  const distinct = [...new Set(keywords)].filter((keyword) => keyword.length > 0);
  const symbolOf = new Uint16Array(0x10000);
  let symbols = 1;
  for (const keyword of distinct) {
    for (let k = 0; k < keyword.length; k++) if (symbolOf[keyword.charCodeAt(k)] === 0) symbolOf[keyword.charCodeAt(k)] = symbols++;
  }
  const width = symbols + (symbols % 2);

  // The trie: children[state] maps a symbol to a state; ends[state] lists keyword ids.
  const children: Map<number, number>[] = [new Map()];
  const ends: number[][] = [[]];
  distinct.forEach((keyword, id) => {
    let state = 0;
    for (let k = 0; k < keyword.length; k++) {
      const symbol = symbolOf[keyword.charCodeAt(k)];
      let child = children[state].get(symbol);
      if (child === undefined) {
        child = children.length;
        children.push(new Map());
        ends.push([]);
        children[state].set(symbol, child);
      }
      state = child;
    }
    ends[state].push(id);
  });

  // Breadth first: each state's transitions are its children, else its suffix link's.
  const delta = new Int32Array(children.length * width);
  const link = new Int32Array(children.length);
  const queue: number[] = [];
  for (let symbol = 0; symbol < width; symbol++) {
    const child = children[0].get(symbol);
    if (child !== undefined) {
      delta[symbol] = child;
      queue.push(child);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    ends[state].push(...ends[link[state]]);
    for (let symbol = 0; symbol < width; symbol++) {
      const child = children[state].get(symbol);
      const fallback = delta[link[state] * width + symbol];
      if (child === undefined) delta[state * width + symbol] = fallback;
      else {
        delta[state * width + symbol] = child;
        link[child] = fallback;
        queue.push(child);
      }
    }
  }

  const next = new Int32Array(delta.length);
  for (let i = 0; i < delta.length; i++) next[i] = delta[i] * width + (ends[delta[i]].length > 0 ? 1 : 0);
  return { keywords: distinct, symbolOf, width, next, endsAt: ends, found: new Float64Array(distinct.length) };
}

/** A keyword list of the configuration with the automaton ids of its keywords (-1 for ""). */
export interface KeywordList {
  readonly words: readonly string[];
  readonly ids: Int32Array;
  readonly automaton: KeywordAutomaton;
}

export function keywordList(automaton: KeywordAutomaton, words: readonly string[]): KeywordList {
  const ids = Int32Array.from(words, (word) => automaton.keywords.indexOf(word));
  return { words, ids, automaton };
}
