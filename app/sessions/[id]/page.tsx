import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SessionCharts } from "@/components/sessions/session-charts";
import { SessionHeader } from "@/components/sessions/session-header";
import { SessionSummaryPanel } from "@/components/sessions/session-summary";
import { SummaryComparison } from "@/components/sessions/summary-comparison";
import { TurnTimeline } from "@/components/sessions/turn-timeline";
import { ACCESS, isAllowed } from "@/lib/auth/access";
import { excerpt } from "@/lib/sessions/format";
import { Alert } from "@/components/ui/alert";
import { parseSessionParams, parseTurnPage } from "@/lib/sessions/session-params";
import { sessionPath } from "@/lib/sessions/session-path";
import { getCurrentUser, requireUser } from "@/lib/server/auth/guards";
import { findTurnEscalations } from "@/lib/server/queue/find-turn-escalations";
import { findSessionRef } from "@/lib/server/sessions/find-session-ref";
import { getSession } from "@/lib/server/sessions/get-session";
import { getDisplayScoring } from "@/lib/server/thresholds/get-display-scoring";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Next resolves metadata beside the layouts, not after them, so their access check does not
 * cover it: a signed-out visitor or a rater would read the session's id in the title (and
 * learn that it exists). The title names the session only for those who may open it.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await getCurrentUser();
  if (!user || user.mustChangePassword || !isAllowed(user.role, ACCESS.readDashboards)) return { title: "Session" };
  const session = await findSessionRef((await params).id);
  return { title: session ? `Session ${excerpt(session.externalId, 40)}` : "Session not found" };
}

export default async function SessionPage({ params, searchParams }: Props) {
  const user = await requireUser(ACCESS.readDashboards);
  const search = await searchParams;
  const parsed = parseSessionParams((await params).id, search);
  const session = parsed ? await findSessionRef(parsed.key) : null;
  if (parsed === null || session === null) notFound();
  const turnPage = parseTurnPage(search);
  const thresholds = await getDisplayScoring();
  const detail = await getSession(session.id, {
    cutoffs: thresholds.cutoffs,
    judgeId: parsed.judgeId,
    preferredJudgeId: thresholds.judgeId,
    includeRaterNames: true,
    page: turnPage.page,
  });
  if (detail === null) notFound();
  const escalations = isAllowed(user.role, ACCESS.administer) ? await findTurnEscalations(detail.turns.map((turn) => turn.id)) : undefined;
  return (
    <>
      <SessionHeader detail={detail} requestedJudgeId={parsed.judgeId} />
      {session.shadowed ? (
        <Alert tone="info">
          {`This is the session whose own id is "${session.externalId}". An older link by number may have meant `}
          <Link href={sessionPath(session.shadowed.externalId)}>session {session.shadowed.externalId}</Link>.
        </Alert>
      ) : null}
      <SessionSummaryPanel detail={detail} thresholdsVersion={thresholds.version} cutoffs={thresholds.cutoffs} />
      <SummaryComparison comparison={detail.comparison} />
      <SessionCharts detail={detail} cutoffs={thresholds.cutoffs} thresholdsVersion={thresholds.version} />
      {turnPage.problem ? <Alert tone="warning">{`${turnPage.problem}: showing the first page of turns.`}</Alert> : null}
      <TurnTimeline
        turns={detail.turns}
        turnPage={detail.turnPage}
        sessionKey={detail.session.externalId}
        judgeId={parsed.judgeId}
        cutoffs={thresholds.cutoffs}
        showLlmVerdicts={detail.judges.some((judge) => judge.kind === "llm")}
        escalations={escalations}
      />
    </>
  );
}
