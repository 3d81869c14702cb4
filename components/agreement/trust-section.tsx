"use client";

import Link from "next/link";
import type { Scope } from "@/lib/agreement/scope.schema";
import type { TrustReport } from "@/lib/agreement/trust-report";
import { Alert } from "@/components/ui/alert";
import { AltTestPanel } from "./trust-alt-test";
import { QualityCard } from "./trust-quality-card";
import { VerdictCards } from "./trust-verdict-cards";
import { useTrustReport } from "./use-trust-report";
import reportStyles from "./report.module.css";
import styles from "./trust.module.css";

type Props = { scope: Scope; raterNames: Record<string, string>; canChangeBars: boolean };

/** Pass, fail or inconclusive against the admin's bars; could the judge replace a rater; what quality really is. */
export function TrustSection({ scope, raterNames, canChangeBars }: Props) {
  const query = useTrustReport(scope);
  const report = query.data;
  const isUpdating = query.isFetching && query.isPlaceholderData;
  return (
    <section className="section" aria-labelledby="trust-title">
      <div className={reportStyles.sectionHeader}>
        <h2 id="trust-title">Verdict</h2>
        {canChangeBars ? (
          <Link href="/settings/verdict" className={styles.settingsLink}>
            Change the bars
          </Link>
        ) : null}
      </div>
      <p className={reportStyles.lead}>
        Each headline figure against the bar set for this project, with its 95 % interval: it passes when the interval clears the bar, fails when
        it falls short, and is inconclusive while the interval still straddles the bar or rests on too few items.
      </p>
      {query.error ? <Alert tone="error">{query.error.message}</Alert> : null}
      {report ? (
        <div className={isUpdating ? styles.stale : undefined} aria-busy={isUpdating || undefined}>
          {report.nItems === 0 ? <p className="muted">No pairs in this scope: nothing to judge yet.</p> : <TrustBody report={report} raterNames={raterNames} />}
        </div>
      ) : query.isPending ? (
        <Loading />
      ) : null}
    </section>
  );
}

function TrustBody({ report, raterNames }: { report: TrustReport; raterNames: Record<string, string> }) {
  return (
    <div className={styles.body}>
      <VerdictCards verdicts={report.verdicts} bootstrap={report.bootstrap} targetHalfWidth={report.settings.targetHalfWidth} />
      <div className={styles.panels}>
        <AltTestPanel result={report.trust.altTest} raterNames={raterNames} />
        <QualityCard quality={report.trust.quality} />
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div aria-busy="true">
      <p className={styles.loading} role="status">
        Computing the verdict…
      </p>
      <div className={styles.cards} aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className={styles.skeleton} />
        ))}
      </div>
    </div>
  );
}
