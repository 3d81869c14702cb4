import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { Alert } from "@/components/ui/alert";
import Link from "next/link";
import { ACCESS, homePath } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "Password" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AccountPasswordPage({ searchParams }: Props) {
  const user = await requireUser(ACCESS.signedIn, { allowPasswordChange: true });
  const search = await searchParams;
  if (search.changed === "1" && !user.mustChangePassword) {
    const ended = Number(search.ended);
    const endedText = !Number.isInteger(ended) || ended < 0
      ? "Your other sessions were signed out."
      : ended === 0
        ? "You had no other sessions open; nothing else was signed out."
        : `${ended} other ${ended === 1 ? "session was" : "sessions were"} signed out (other browsers and devices must sign in with the new password).`;
    return (
      <div className="auth-panel">
        <h1>Password changed</h1>
        <Alert tone="success">Your password was changed. You stay signed in here. {endedText}</Alert>
        <p>
          <Link href={homePath(user.role)}>Continue</Link>
        </p>
      </div>
    );
  }
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
