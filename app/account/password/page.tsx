import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { Alert } from "@/components/ui/alert";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "Password" };

export default async function AccountPasswordPage() {
  const user = await requireUser(ACCESS.signedIn, { allowPasswordChange: true });
  return (
    <div className="auth-panel">
      <h1>Change your password</h1>
      <p className="page-description">
        Signed in as {user.email}. Your other sessions end when you change it.
      </p>
      {user.mustChangePassword ? (
        <Alert tone="warning">You signed in with a one-time password. Choose your own to continue.</Alert>
      ) : null}
      <ChangePasswordForm />
    </div>
  );
}
