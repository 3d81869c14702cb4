import "server-only";
import {
  applyVerdictForm,
  DEFAULT_VERDICT_SETTINGS,
  readVerdictSettings,
  VERDICT_SETTINGS_KEY,
  verdictSettingsSchema,
  type VerdictSettings,
  type VerdictSettingsForm,
} from "@/lib/agreement/verdict-settings.schema";
import { getDb } from "../db";

/**
 * Saves the admin's form over the stored settings (admins) and returns what is now in
 * force. The row is locked while it is read and rewritten, so two admins saving two
 * criteria at once both keep their change.
 */
export async function updateVerdictSettings(form: VerdictSettingsForm): Promise<VerdictSettings> {
  return getDb().$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO settings (key, value, updated_at) VALUES (${VERDICT_SETTINGS_KEY}, ${JSON.stringify(DEFAULT_VERDICT_SETTINGS)}::jsonb, now()) ON CONFLICT (key) DO NOTHING`;
    const [row] = await tx.$queryRaw<{ value: unknown }[]>`SELECT value FROM settings WHERE key = ${VERDICT_SETTINGS_KEY} FOR UPDATE`;
    const value = verdictSettingsSchema.parse(applyVerdictForm(readVerdictSettings(row.value), form));
    await tx.$executeRaw`UPDATE settings SET value = ${JSON.stringify(value)}::jsonb, updated_at = now() WHERE key = ${VERDICT_SETTINGS_KEY}`;
    return value;
  });
}
