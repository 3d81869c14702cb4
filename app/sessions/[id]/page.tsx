import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SessionCharts } from "@/components/sessions/session-charts";
import { SessionHeader } from "@/components/sessions/session-header";
import { SessionSummaryPanel } from "@/components/sessions/session-summary";
import { SummaryComparison } from "@/components/sessions/summary-comparison";
import { TurnTimeline } from "@/components/sessions/turn-timeline";
import { ACCESS, isAllowed } from "@/lib/auth/access";
import { excerpt } from "@/lib/sessions/format";
import { parseSessionParams } from "@/lib/sessions/session-params";
import { requireUser } from "@/lib/server/auth/guards";
import { findSessionRef } from "@/lib/server/sessions/find-session-ref";
import { getSession } from "@/lib/server/sessions/get-session";
import { getDisplayScoring } from "@/lib/server/thresholds/get-display-scoring";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const parsed = parseSessionParams((await params).id, {});
  const session = parsed ? await findSessionRef(parsed.id) : null;
  return { title: session ? `Session ${excerpt(session.externalId, 40)}` : "Session not found" };
}

export default async function SessionPage({ params, searchParams }: Props) {
  const user = await requireUser(ACCESS.readDashboards);
  const parsed = parseSessionParams((await params).id, await searchParams);
  if (parsed === null) notFound();
  const thresholds = await getDisplayScoring();
  const detail = await getSession(parsed.id, { cutoffs: thresholds.cutoffs, judgeId: parsed.judgeId, preferredJudgeId: thresholds.judgeId, includeRaterNames: true });
  if (detail === null) notFound();
  return (
    <>
      <SessionHeader detail={detail} requestedJudgeId={parsed.judgeId} />
      <SessionSummaryPanel detail={detail} thresholdsVersion={thresholds.version} />
      <SummaryComparison comparison={detail.comparison} />
      <SessionCharts detail={detail} cutoffs={thresholds.cutoffs} thresholdsVersion={thresholds.version} />
      <TurnTimeline
        turns={detail.turns}
        cutoffs={thresholds.cutoffs}
        canRate={isAllowed(user.role, ACCESS.rate)}
        showLlmVerdicts={detail.judges.some((judge) => judge.kind === "llm")}
      />
    </>
  );
}
