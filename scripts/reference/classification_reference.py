#!/usr/bin/env python3
"""Reference values for lib/stats's label metrics and `concord agreement --task binary|
categorical|multilabel`, computed by scikit-learn (1.2):

  /usr/bin/python3 scripts/reference/classification_reference.py [OUT_DIR]

writes OUT_DIR (default lib/stats/fixtures/classification)/{categorical,binary,multilabel}.json,
each {"sklearn": version, "cases": [{name, human, judge, [positive], expected}]}.

`human` and `judge` hold the values as a JSONL file would: strings, numbers, booleans, null
(missing; the pair is dropped and counted in n_dropped) and, for multilabel, arrays. A
value's label is its string, or the JSON text of a number or boolean (1 -> "1", true ->
"true"), as the command reads them. sklearn then sees the kept pairs as Python strings, so
its label order is np.unique's: by code point.

NaN (cohen_kappa_score when both sides use one class) is written as null.
"""
import json
import math
import os
import random
import sys
import warnings

import numpy as np
import sklearn
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    cohen_kappa_score,
    confusion_matrix,
    f1_score,
    hamming_loss,
    jaccard_score,
    matthews_corrcoef,
    precision_recall_fscore_support,
    precision_score,
    recall_score,
)
from sklearn.preprocessing import MultiLabelBinarizer

warnings.simplefilter("ignore")


def label(value):
    return value if isinstance(value, str) else json.dumps(value)


def number(x):
    x = float(x)
    return None if math.isnan(x) else x


def kept_pairs(human, judge):
    pairs = [(h, j) for h, j in zip(human, judge) if h is not None and j is not None]
    return pairs, len(human) - len(pairs)


def per_class(labels, y_true, y_pred):
    p, r, f, s = precision_recall_fscore_support(y_true, y_pred, labels=labels, average=None, zero_division=0)
    return {lab: {"precision": number(p[i]), "recall": number(r[i]), "f1": number(f[i]), "support": int(s[i])} for i, lab in enumerate(labels)}


def categorical(human, judge):
    pairs, dropped = kept_pairs(human, judge)
    y_true = [label(h) for h, _ in pairs]
    y_pred = [label(j) for _, j in pairs]
    labels = [str(x) for x in np.unique(np.array(y_true + y_pred, dtype=object))]
    return {
        "n": len(pairs),
        "n_dropped": dropped,
        "accuracy": number(accuracy_score(y_true, y_pred)),
        "macro_f1": number(f1_score(y_true, y_pred, average="macro", zero_division=0)),
        "micro_f1": number(f1_score(y_true, y_pred, average="micro", zero_division=0)),
        "weighted_f1": number(f1_score(y_true, y_pred, average="weighted", zero_division=0)),
        "kappa": {"unweighted": number(cohen_kappa_score(y_true, y_pred))},
        "per_class": per_class(labels, y_true, y_pred),
        "confusion": {"labels": labels, "matrix": confusion_matrix(y_true, y_pred, labels=labels).tolist()},
    }


def binary(human, judge, positive):
    pairs, dropped = kept_pairs(human, judge)
    y_true = np.array([int(label(h) == positive) for h, _ in pairs])
    y_pred = np.array([int(label(j) == positive) for _, j in pairs])
    (tn, fp), (fn, tp) = confusion_matrix(y_true, y_pred, labels=[0, 1]).tolist()
    return {
        "n": len(pairs),
        "n_dropped": dropped,
        "accuracy": number(accuracy_score(y_true, y_pred)),
        "precision": number(precision_score(y_true, y_pred, zero_division=0)),
        "recall": number(recall_score(y_true, y_pred, zero_division=0)),
        "f1": number(f1_score(y_true, y_pred, zero_division=0)),
        "specificity": number(recall_score(y_true, y_pred, pos_label=0, zero_division=0)),
        "balanced_accuracy": number(balanced_accuracy_score(y_true, y_pred)),
        "mcc": number(matthews_corrcoef(y_true, y_pred)),
        "kappa": {"unweighted": number(cohen_kappa_score(y_true, y_pred))},
        "prevalence_human": number(y_true.mean()),
        "prevalence_judge": number(y_pred.mean()),
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "tn": tn,
        "confusion": {"labels": [0, 1], "matrix": [[tn, fp], [fn, tp]]},
    }


def multilabel(human, judge):
    pairs, dropped = kept_pairs(human, judge)
    true_sets = [sorted({label(x) for x in h}) for h, _ in pairs]
    pred_sets = [sorted({label(x) for x in j}) for _, j in pairs]
    labels = sorted({x for s in true_sets + pred_sets for x in s})
    # With fewer than two label columns sklearn reads the indicator as binary, not multi-label.
    assert len(labels) >= 2, "multilabel cases need at least two labels"
    binarizer = MultiLabelBinarizer(classes=labels)
    y_true = binarizer.fit_transform(true_sets)
    y_pred = binarizer.transform(pred_sets)
    return {
        "n": len(pairs),
        "n_dropped": dropped,
        "macro_f1": number(f1_score(y_true, y_pred, average="macro", zero_division=0)),
        "micro_f1": number(f1_score(y_true, y_pred, average="micro", zero_division=0)),
        "hamming_loss": number(hamming_loss(y_true, y_pred)),
        "subset_accuracy": number(accuracy_score(y_true, y_pred)),
        "jaccard_samples": number(jaccard_score(y_true, y_pred, average="samples", zero_division=0)),
        "per_label": {labels[i]: v for i, v in per_class(list(range(len(labels))), y_true, y_pred).items()},
    }


def with_nulls(rng, values, share):
    return [None if rng.random() < share else v for v in values]


def noisy(rng, values, choices, share):
    return [rng.choice(choices) if rng.random() < share else v for v in values]


def categorical_cases():
    rng = random.Random(18_001)
    cases = []
    animals = ["cat", "dog", "bird"]
    human = [rng.choice(animals) for _ in range(200)]
    judge = noisy(rng, human, animals, 0.35)
    cases.append(("three classes with missing values", with_nulls(rng, human, 0.05), with_nulls(rng, judge, 0.05)))
    human = [rng.choice(["a", "b", "c"]) for _ in range(60)]
    judge = [{"a": "a", "b": "b", "c": rng.choice(["a", "d"])}[h] for h in human]
    cases.append(("a class only the human uses and one only the judge uses", human, judge))
    cases.append(("one class on both sides", ["same"] * 12, ["same"] * 12))
    human = [rng.choice(["x", "y"]) for _ in range(30)]
    cases.append(("all wrong", human, [{"x": "y", "y": "x"}[h] for h in human]))
    human = [rng.choice(["low", "mid", "high", "n/a"]) for _ in range(40)]
    cases.append(("perfect agreement", human, list(human)))
    digits = [1, 2, 10, 3, 20]
    human = [rng.choice(digits) for _ in range(80)]
    judge = [str(v) for v in noisy(rng, human, digits, 0.3)]
    cases.append(("numeric-looking labels, numbers on one side and strings on the other", human, judge))
    # U+FF46 sorts before U+1F600 by code point but after it by UTF-16 code unit.
    marks = ["é", "E", "e", "ｆ", "😀", "日本", "a b", "x, y", 'say "hi"']
    human = [rng.choice(marks) for _ in range(90)]
    cases.append(("unicode, spaces, commas and quotes", human, noisy(rng, human, marks, 0.4)))
    human = [rng.choice([True, False]) for _ in range(25)]
    cases.append(("booleans", human, noisy(rng, human, [True, False, "maybe"], 0.3)))
    classes = [f"class-{i:02d}" for i in range(20)]
    human = [rng.choice(classes) for _ in range(1000)]
    judge = noisy(rng, human, classes, 0.45)
    cases.append(("twenty classes", with_nulls(rng, human, 0.02), judge))
    # κ near 0 over many classes: summing k² chance terms in floating point drifts ~1e-13 here.
    classes = [f"w{i}" for i in range(150)]
    human = [rng.choice(classes) for _ in range(200)]
    cases.append(("150 classes, chance agreement", human, noisy(rng, human, classes, 0.97)))
    return [{"name": name, "human": h, "judge": j, "expected": categorical(h, j)} for name, h, j in cases]


def binary_cases():
    rng = random.Random(18_002)
    cases = []
    human = [rng.choice(["yes", "no", "unsure"]) for _ in range(150)]
    judge = noisy(rng, human, ["yes", "no", "unsure"], 0.3)
    cases.append(("yes against two negative labels, with missing values", with_nulls(rng, human, 0.05), with_nulls(rng, judge, 0.05), "yes"))
    human = [rng.choice(["pass", "fail"]) for _ in range(40)]
    cases.append(("perfect agreement", human, list(human), "pass"))
    cases.append(("all wrong", human, [{"pass": "fail", "fail": "pass"}[h] for h in human], "pass"))
    human = ["no"] * 20
    cases.append(("the human never says positive", human, noisy(rng, human, ["yes", "no"], 0.3), "yes"))
    human = [rng.choice(["yes", "no"]) for _ in range(30)]
    cases.append(("the judge never says positive", human, ["no"] * 30, "yes"))
    cases.append(("both sides all negative", ["no"] * 15, ["no"] * 15, "yes"))
    cases.append(("both sides all positive", ["yes"] * 15, ["yes"] * 15, "yes"))
    human = [rng.choice([True, False]) for _ in range(50)]
    cases.append(("booleans, positive true", human, noisy(rng, human, [True, False], 0.25), "true"))
    human = [rng.choice([0, 1]) for _ in range(60)]
    cases.append(("zero and one, positive 1", human, noisy(rng, human, [0, 1, "1"], 0.2), "1"))
    human = [rng.random() < 0.1 for _ in range(500)]
    cases.append(("rare positives", human, noisy(rng, human, [True, False], 0.1), "true"))
    return [{"name": name, "human": h, "judge": j, "positive": p, "expected": binary(h, j, p)} for name, h, j, p in cases]


def random_sets(rng, labels, n, max_size):
    return [rng.sample(labels, rng.randint(0, max_size)) for _ in range(n)]


def perturb(rng, sets, labels, share):
    out = []
    for s in sets:
        s = list(s)
        if rng.random() < share and s:
            s.remove(rng.choice(s))
        if rng.random() < share:
            extra = rng.choice(labels)
            if extra not in s:
                s.append(extra)
        out.append(s)
    return out


def multilabel_cases():
    rng = random.Random(18_003)
    cases = []
    topics = ["safety", "tone", "accuracy", "format", "length"]
    human = random_sets(rng, topics, 150, 3)
    judge = perturb(rng, human, topics, 0.4)
    cases.append(("five labels with empty sets and missing values", with_nulls(rng, human, 0.05), with_nulls(rng, judge, 0.05)))
    human = [[], ["a"], [], ["a", "b"], [], ["b"], [], []]
    judge = [[], ["a"], ["b"], [], [], ["b"], [], ["a"]]
    cases.append(("empty sets on both sides", human, judge))
    human = random_sets(rng, ["p", "q", "r"], 40, 2)
    judge = [s + ["only-judge"] if rng.random() < 0.3 else s for s in perturb(rng, human, ["p", "q"], 0.3)]
    cases.append(("a label only the judge uses", human, judge))
    human = random_sets(rng, topics, 30, 4)
    cases.append(("perfect agreement", human, [list(reversed(s)) for s in human]))
    human = [rng.sample(["a", "b", "c"], rng.randint(1, 2)) for _ in range(20)]
    cases.append(("disjoint sets", human, [["x"] if rng.random() < 0.5 else ["y", "z"] for _ in human]))
    marks = ["é", "E", "ｆ", "😀", "1", "10", "2", "a b", "x, y", "a|b"]
    human = random_sets(rng, marks, 60, 3)
    cases.append(("unicode, numeric-looking and punctuated labels", human, perturb(rng, human, marks, 0.5)))
    human = [rng.sample([1, 2, 3], rng.randint(0, 2)) for _ in range(30)]
    cases.append(("numbers in the arrays", human, [[str(x) for x in s] for s in perturb(rng, human, [1, 2, 3], 0.3)]))
    human = [["a", "a", "b"], ["b"], ["a"]]
    cases.append(("repeated labels in a set count once", human, [["a"], ["b", "b"], ["b"]]))
    return [{"name": name, "human": h, "judge": j, "expected": multilabel(h, j)} for name, h, j in cases]


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../../lib/stats/fixtures/classification")
    os.makedirs(out_dir, exist_ok=True)
    for name, cases in [("categorical", categorical_cases()), ("binary", binary_cases()), ("multilabel", multilabel_cases())]:
        with open(os.path.join(out_dir, f"{name}.json"), "w", encoding="utf-8") as f:
            json.dump({"sklearn": sklearn.__version__, "cases": cases}, f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")


if __name__ == "__main__":
    main()
