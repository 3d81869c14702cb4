"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { homePath } from "@/lib/auth/access";
import { signInSchema } from "@/lib/auth/account.schema";
import { echoValues, type ActionState } from "@/lib/server/auth/guards";
import { clientAddress, isHttps, safeNextPath } from "@/lib/server/auth/request-meta";
import { revokeSession, SESSION_COOKIE } from "@/lib/server/auth/sessions";
import { signIn } from "@/lib/server/auth/sign-in";

export async function signInAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = signInSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { status: "error", error: "Enter your email and password.", fieldErrors, values: echoValues(formData) };
  }
  const requestHeaders = await headers();
  const result = await signIn({
    email: parsed.data.email,
    password: parsed.data.password,
    ipAddress: clientAddress(requestHeaders),
    userAgent: requestHeaders.get("user-agent"),
  });
  if (!result.ok) return { status: "error", error: result.error, values: echoValues(formData) };

  (await cookies()).set(SESSION_COOKIE, result.token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(requestHeaders),
    path: "/",
    expires: result.expiresAt,
  });
  redirect(result.user.mustChangePassword ? "/account/password" : (safeNextPath(parsed.data.next) ?? homePath(result.user.role)));
}

export async function signOutAction(): Promise<void> {
  const store = await cookies();
  const token = store.get(SESSION_COOKIE)?.value;
  if (token) await revokeSession(token);
  store.delete(SESSION_COOKIE);
  redirect("/sign-in");
}
