import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { homePath } from "@/lib/auth/access";
import { getCurrentUser } from "@/lib/server/auth/guards";
import { safeNextPath } from "@/lib/server/auth/request-meta";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; invited?: string }> }) {
  const { next, invited } = await searchParams;
  const user = await getCurrentUser();
  if (user) redirect(safeNextPath(next) ?? homePath(user.role));
  return (
    <div className="auth-panel">
      <h1>Sign in to Concord</h1>
      <p className="page-description">Judge calibration and human agreement.</p>
      <SignInForm next={safeNextPath(next) ?? undefined} notice={invited ? "Your password is set. Sign in with it." : undefined} />
      <p className="field-hint">Forgot your password? An admin can reset it (or run <code>concord user reset-password</code>).</p>
    </div>
  );
}
