import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { homePath } from "@/lib/auth/access";
import { getCurrentUser } from "@/lib/server/auth/guards";
import { safeNextPath } from "@/lib/server/auth/request-meta";
import { SIGN_IN_FAILED } from "@/lib/server/auth/sign-in";

export const metadata: Metadata = { title: "Sign in" };

/** Reasons the sign-in route gives a form posted without script (it redirects back here). */
const ERRORS: Record<string, string> = { failed: SIGN_IN_FAILED, invalid: "Enter your email and password." };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; invited?: string; error?: string }> }) {
  const { next, invited, error } = await searchParams;
  const user = await getCurrentUser();
  // A `next` that is not a plain path on this site (another site, odd characters) is ignored.
  if (user) redirect(safeNextPath(next) ?? homePath(user.role));
  return (
    <div className="auth-panel">
      <h1>Sign in to Concord</h1>
      <p className="page-description">Judge calibration and human agreement.</p>
      <SignInForm
        next={safeNextPath(next) ?? undefined}
        notice={invited ? "Your password is set. Sign in with it." : undefined}
        initialError={error ? ERRORS[error] : undefined}
      />
      <p className="field-hint">Forgot your password? An admin can reset it (or run <code>concord user reset-password</code>).</p>
    </div>
  );
}
