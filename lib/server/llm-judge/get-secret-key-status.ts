import "server-only";
import { readSecretKey } from "./api-key-cipher";

/** Whether API keys can be stored, and if not, why — for the endpoints page. */
export function getSecretKeyStatus(): { canStoreKeys: boolean; problem: string | null } {
  try {
    return readSecretKey() ? { canStoreKeys: true, problem: null } : { canStoreKeys: false, problem: null };
  } catch (error) {
    return { canStoreKeys: false, problem: error instanceof Error ? error.message : String(error) };
  }
}
