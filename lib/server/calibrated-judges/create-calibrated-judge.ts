import "server-only";
import { calibrateJudge, calibrationFigures, CALIBRATION_FOLDS } from "@/lib/calibrated-judge/calibrate-judge";
import type { CalibratedConfig, CalibratedJudgeForm } from "@/lib/calibrated-judge/calibrated-judge.schema";
import { levelScaleToScore } from "@/lib/calibrated-judge/level-scale";
import { computeAgreement } from "../agreement/compute-agreement";
import { getDb } from "../db";
import { nextJudgeVersion, type InTransaction } from "../derived-judges/next-judge-version";
import { DomainError } from "../errors";

export type CreatedCalibratedJudge = { id: number; name: string; version: string; turns: number; config: CalibratedConfig["calibrated"] };

/** Every score of the calibrated judge, with what it came from, in one statement. */
const INSERT_SQL = `
  INSERT INTO judge_scores (turn_id, judge_id, overall_score, metrics, is_imported)
  SELECT t, $2, s, jsonb_build_object('calibrated', jsonb_build_object('level', l, 'raw', r, 'out_of_fold', o)), false
  FROM unnest($1::int[], $3::float8[], $4::float8[], $5::float8[], $6::bool[]) AS x(t, s, l, r, o)`;

/**
 * Creates a calibrated version of a judge: an isotonic map from its score to the human
 * level (overall ratings; the report's human-level rule), applied to every turn it scored.
 * A rated turn's value comes from the map fitted on the other folds (sessions dealt into 5
 * folds), so the judge's figures on rated turns are honest; other turns get the mean of the
 * 5 fold maps (cross-prediction), so a corrected estimate on this judge stays valid. Levels go back to scores through the active cut-offs. A name already
 * used by a calibrated judge gets its next version; one transaction stores the judge and
 * every score (`afterStore` runs in it).
 */
export async function createCalibratedJudge(
  input: CalibratedJudgeForm,
  afterStore?: (run: InTransaction, judge: CreatedCalibratedJudge) => Promise<void>,
): Promise<CreatedCalibratedJudge> {
  const db = getDb();
  const source = await findCalibrationSource(input);
  const { pairs, report } = await computeAgreement({ judge: source.name, judgeVersion: source.version, criterion: "overall" });
  const { cutoffs, version: thresholdVersion } = report.scope.thresholds;
  const rated = { sessionId: pairs.units.sessionId, score: pairs.units.score, human: Array.from(pairs.human) };
  const ratedTurns = new Set(pairs.units.turnId);
  const all = await db.judgeScore.findMany({ where: { judgeId: source.id }, orderBy: { turnId: "asc" }, select: { turnId: true, overallScore: true } });
  const unrated = all.filter((score) => !ratedTurns.has(score.turnId));
  const fit = calibrateJudge(rated, unrated.map((score) => score.overallScore));
  if (!fit) {
    const sessions = new Set(pairs.units.sessionId).size;
    throw new DomainError(
      "invalid",
      `${source.name} ${source.version} has overall ratings in ${sessions} session${sessions === 1 ? "" : "s"}; calibrating needs rated turns in at least ${CALIBRATION_FOLDS} sessions, so that each rated turn is calibrated by a map that never saw its session. Rate more sessions first.`,
      { source: "Too few rated sessions" },
    );
  }
  const figures = calibrationFigures({ human: rated.human, rawScore: rated.score, calibratedLevel: fit.ratedLevel }, cutoffs, pairs.labels);
  const config: CalibratedConfig = {
    calibrated: {
      source,
      method: "isotonic",
      folds: CALIBRATION_FOLDS,
      thresholdVersion,
      cutoffs: { fair: cutoffs.fair, good: cutoffs.good, excellent: cutoffs.excellent },
      map: { x: Array.from(fit.map.x), y: Array.from(fit.map.y) },
      nRated: pairs.n,
      nSessions: fit.nSessions,
      nUnrated: unrated.length,
      outOfFold: { mae: figures.mae, maeRaw: figures.maeRaw, kappa: figures.kappa, kappaRaw: figures.kappaRaw },
    },
  };
  const turnIds = [...pairs.units.turnId, ...unrated.map((s) => s.turnId)];
  const levels = [...fit.ratedLevel, ...fit.unratedLevel];
  const raw = [...rated.score, ...unrated.map((s) => s.overallScore)];
  const outOfFold = turnIds.map((_, i) => i < pairs.n);
  const scores = levels.map((level) => levelScaleToScore(level, cutoffs));
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`judge-name:${input.name}`}, 0))`;
      const versions = await tx.judge.findMany({ where: { name: input.name }, select: { version: true, kind: true } });
      const version = nextJudgeVersion(input.name, versions, "calibrated", "a calibrated judge");
      const judge = await tx.judge.create({ data: { name: input.name, version, kind: "calibrated", config }, select: { id: true } });
      const turns = await tx.$executeRawUnsafe(INSERT_SQL, turnIds, judge.id, scores, levels, raw, outOfFold);
      const created = { id: judge.id, name: input.name, version, turns, config: config.calibrated };
      await afterStore?.((sql, params) => tx.$executeRawUnsafe(sql, ...params), created);
      return created;
    },
    { timeout: 120_000 },
  );
}

/** The judge the form names as the one to calibrate; refuses one that is gone. */
export async function findCalibrationSource(input: CalibratedJudgeForm) {
  const source = await getDb().judge.findUnique({ where: { id: input.source }, select: { id: true, name: true, version: true } });
  if (!source) throw new DomainError("invalid", `No judge with id ${input.source}: reload the page and pick again.`, { source: "Unknown judge" });
  return source;
}
