#!/usr/bin/env python3
"""Answers for the Python built-ins the judge reproduces, for lib/judge's differential tests.

Reads one JSON request a line, {"op": ..., "args": [...]}, and writes one JSON answer a line:
  round [x, n]   round(x, n)                      lower [s]   s.lower()
  tokens [s]     re.findall(r"\\b[\\w']+\\b", s)   split [s]   len(s.split())
  sentences [s]  len([p for p in re.split(r'[.!?]+', s) if p.strip()])
  len [s]        len(s)                           keywords [s] the seed's extract_keywords(s)
  word_bitmap []  "0"/"1" per code point 0..0x10FFFF: matched by re's \\w
  space_bitmap [] "0"/"1" per code point 0..0x10FFFF: str.isspace()
Output is ASCII JSON, so lone surrogates pass through unharmed.
"""
import json
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from seed_judge import extract_keywords  # noqa: E402

WORD = re.compile(r"\w")

OPS = {
    "round": lambda x, n: round(x, n),
    "lower": lambda s: s.lower(),
    "tokens": lambda s: re.findall(r"\b[\w']+\b", s),
    "split": lambda s: len(s.split()),
    "sentences": lambda s: len([p for p in re.split(r'[.!?]+', s) if p.strip()]),
    "len": lambda s: len(s),
    "keywords": lambda s: extract_keywords(s),
    "word_bitmap": lambda: "".join("1" if WORD.match(chr(c)) else "0" for c in range(0x110000)),
    "space_bitmap": lambda: "".join("1" if chr(c).isspace() else "0" for c in range(0x110000)),
}

sys.stdin.reconfigure(encoding="utf-8", errors="surrogatepass")

for line in sys.stdin:
    if line.strip():
        request = json.loads(line)
        sys.stdout.write(json.dumps(OPS[request["op"]](*request["args"])) + "\n")
