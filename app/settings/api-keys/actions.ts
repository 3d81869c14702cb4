"use server";

import { revalidatePath } from "next/cache";
import { ACCESS } from "@/lib/auth/access";
import { apiKeyIdSchema, createApiKeySchema } from "@/lib/auth/account.schema";
import { createApiKey, revokeApiKey } from "@/lib/server/auth/api-keys";
import { authorizedAction } from "@/lib/server/auth/guards";
import { DomainError } from "@/lib/server/errors";

export type CreatedKey = { name: string; key: string };

export const createApiKeyAction = authorizedAction<typeof createApiKeySchema, CreatedKey>(
  ACCESS.administer,
  createApiKeySchema,
  async (input, user) => {
    const { key } = await createApiKey({ ...input, createdById: user.id });
    revalidatePath("/settings/api-keys");
    return { message: `Created ${input.name}.`, data: { name: input.name, key } };
  },
);

export const revokeApiKeyAction = authorizedAction(ACCESS.administer, apiKeyIdSchema, async (input) => {
  if (!(await revokeApiKey(input.apiKeyId))) throw new DomainError("not_found", "That key is already revoked.");
  revalidatePath("/settings/api-keys");
  return { message: "Revoked." };
});
