import "server-only";
import { reportScopeKey } from "@/lib/agreement/resolved-scope";
import type { Scope } from "@/lib/agreement/scope.schema";
import { familyLabel, judgeModelOf, modelFamily } from "@/lib/self-enhancement/model-families";

export { judgeModelOf };
import { selfEnhancement } from "@/lib/self-enhancement/self-enhancement";
import type { GeneratorCount, SelfEnhancementReport } from "@/lib/self-enhancement/self-enhancement-report";
import { computeAgreement } from "../agreement/compute-agreement";
import { selfEnhancementCache } from "../agreement/report-cache";
import { getDb } from "../db";

/**
 * The self-enhancement check of a scope's judge: on the report's rated items, the judge's
 * and the people's mean level on answers written by the judge's own model family and on the
 * others', and the difference of the two gaps with a session-bootstrap interval
 * (lib/self-enhancement). Items whose answer names no generator model, or a model of no
 * known family, are left out and counted. Cached per data version and scope.
 */
export async function getSelfEnhancement(input: Scope): Promise<SelfEnhancementReport> {
  const { pairs, report } = await computeAgreement(input);
  const scopeJudge = report.scope.judge;
  const none: SelfEnhancementReport = { judge: null, generators: [], nWithoutModel: 0, nUnknownFamily: 0, figures: null };
  if (!scopeJudge) return none;
  const key = `${report.dataVersion}|${reportScopeKey(report.scope)}`;
  const cached = selfEnhancementCache.get(key) as SelfEnhancementReport | undefined;
  if (cached) return cached;

  const row = await getDb().judge.findUnique({ where: { id: scopeJudge.id }, select: { name: true, kind: true, config: true } });
  const model = row ? judgeModelOf(row) : null;
  const family = modelFamily(model);
  const judge = { id: scopeJudge.id, name: scopeJudge.name, version: scopeJudge.version, model, family, familyLabel: family ? familyLabel(family) : null };
  let result: SelfEnhancementReport = { ...none, judge };
  if (family !== null && pairs.n > 0) {
    const turnIds = [...new Set(pairs.units.turnId)];
    const rows = await getDb().$queryRaw<{ id: number; generator_model: string }[]>`
      SELECT id, generator_model FROM turns WHERE id = ANY(${turnIds}::int[]) AND generator_model IS NOT NULL`;
    const generatorOf = new Map(rows.map((r) => [r.id, r.generator_model]));
    const counts = new Map<string, GeneratorCount>();
    const picked: number[] = [];
    let nWithoutModel = 0;
    let nUnknownFamily = 0;
    for (let u = 0; u < pairs.n; u++) {
      const generator = generatorOf.get(pairs.units.turnId[u]);
      if (generator === undefined) {
        nWithoutModel++;
        continue;
      }
      const generatorFamily = modelFamily(generator);
      let count = counts.get(generator);
      if (!count) counts.set(generator, (count = { model: generator, family: generatorFamily, n: 0, isOwn: generatorFamily === family }));
      count.n++;
      if (generatorFamily === null) nUnknownFamily++;
      else picked.push(u);
    }
    const generators = [...counts.values()].sort((a, b) => Number(b.isOwn) - Number(a.isOwn) || b.n - a.n || a.model.localeCompare(b.model));
    const hasOwn = generators.some((g) => g.isOwn);
    const figures = hasOwn
      ? selfEnhancement({
          judge: picked.map((u) => pairs.judgeLevel[u]),
          human: picked.map((u) => pairs.human[u]),
          isOwn: picked.map((u) => modelFamily(generatorOf.get(pairs.units.turnId[u])!) === family),
          cluster: picked.map((u) => pairs.units.sessionId[u]),
        })
      : null;
    result = { judge, generators, nWithoutModel, nUnknownFamily, figures };
  }
  selfEnhancementCache.set(key, result);
  return result;
}
