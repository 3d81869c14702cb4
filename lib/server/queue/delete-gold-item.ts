import "server-only";
import { getDb } from "../db";

/** Stops using a turn as a gold item; the ratings made on it keep their is_gold mark. */
export async function deleteGoldItem(id: number): Promise<boolean> {
  const { count } = await getDb().goldItem.deleteMany({ where: { id } });
  return count > 0;
}
