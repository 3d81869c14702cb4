"use client";

import { familyLabel } from "@/lib/self-enhancement/model-families";
import { selfEnhancementSentence } from "@/lib/self-enhancement/self-enhancement-report";
import type { Scope } from "@/lib/agreement/scope.schema";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { formatCount, formatNumber, formatSigned } from "./format";
import { useSelfEnhancement } from "./use-self-enhancement";
import styles from "./report.module.css";

const TITLE_ID = "self-enhancement-title";

/**
 * "Own-family answers": shown only when the scope's judge has a known model family and some
 * rated answers were written by a model of that family. The judge's gap between its own
 * family's answers and the others', against the people's gap on the same items.
 */
export function SelfEnhancementSection({ scope }: { scope: Scope }) {
  const query = useSelfEnhancement(scope);
  if (query.isPending) return null;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const { judge, generators, figures, nWithoutModel, nUnknownFamily } = query.data;
  if (!judge || !figures) return null;
  const own = generators.filter((g) => g.isOwn);
  return (
    <section className="section" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>Own-family answers</h2>
      <p className="muted">
        <Badge tone="warning">Same family</Badge> {judge.name} {judge.version} runs on {judge.model} ({judge.familyLabel}), and {formatCount(figures.own.n)}{" "}
        rated answer{figures.own.n === 1 ? " was" : "s were"} written by that family ({own.map((g) => g.model).join(", ")}). A judge may rate its own
        family&apos;s answers higher; people rated the same answers, so their gap is the baseline.
      </p>
      <p className={styles.lead}>{selfEnhancementSentence(figures)}</p>
      <div className="table-wrap">
        <table className="table">
          <caption className={styles.caption}>Mean level given, by who wrote the answer</caption>
          <thead>
            <tr>
              <th scope="col">Answers by</th>
              <th scope="col" className={styles.numeric}>
                Items
              </th>
              <th scope="col" className={styles.numeric}>
                Judge
              </th>
              <th scope="col" className={styles.numeric}>
                People
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className={styles.rowHeader}>
                Its own family ({judge.familyLabel})
              </th>
              <td className={styles.numeric}>{formatCount(figures.own.n)}</td>
              <td className={styles.numeric}>{formatNumber(figures.own.judge)}</td>
              <td className={styles.numeric}>{formatNumber(figures.own.human)}</td>
            </tr>
            <tr>
              <th scope="row" className={styles.rowHeader}>
                Other families
              </th>
              <td className={styles.numeric}>{formatCount(figures.other.n)}</td>
              <td className={styles.numeric}>{formatNumber(figures.other.judge)}</td>
              <td className={styles.numeric}>{formatNumber(figures.other.human)}</td>
            </tr>
            <tr>
              <th scope="row" className={styles.rowHeader}>
                Gap (own − other)
              </th>
              <td />
              <td className={styles.numeric}>{formatSigned(figures.judgeGap)}</td>
              <td className={styles.numeric}>{formatSigned(figures.humanGap)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="muted">
        Levels 1–4 (Poor to Excellent). Interval: 95 %, {formatCount(figures.difference.replicates)} draws of the {formatCount(figures.difference.nSessions)}{" "}
        sessions. Models: {generators.map((g) => `${g.model} (${g.family ? familyLabel(g.family) : "family unknown"}, ${formatCount(g.n)})`).join("; ")}.
        {nWithoutModel + nUnknownFamily > 0
          ? ` Left out: ${formatCount(nWithoutModel)} rated item${nWithoutModel === 1 ? "" : "s"} naming no model and ${formatCount(nUnknownFamily)} of a model of no known family.`
          : ""}
      </p>
    </section>
  );
}
