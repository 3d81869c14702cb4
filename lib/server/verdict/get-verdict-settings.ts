import "server-only";
import { readVerdictSettings, VERDICT_SETTINGS_KEY, type VerdictSettings } from "@/lib/agreement/verdict-settings.schema";
import { getDb } from "../db";

/** The bars and alt-test settings in force (the defaults until an admin saves some). */
export async function getVerdictSettings(): Promise<VerdictSettings> {
  const row = await getDb().setting.findUnique({ where: { key: VERDICT_SETTINGS_KEY }, select: { value: true } });
  return readVerdictSettings(row?.value ?? null);
}
