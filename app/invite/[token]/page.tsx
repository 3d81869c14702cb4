import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInviteForm } from "@/components/auth/accept-invite-form";
import { EmptyState } from "@/components/ui/empty-state";
import { findInvite } from "@/lib/server/auth/invites";

export const metadata: Metadata = { title: "Accept invite" };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await findInvite(token);
  if (!invite) {
    return (
      <EmptyState title="This invite link does not work" action={<Link href="/sign-in">Go to sign-in</Link>}>
        <p>It may have been used already or have expired. Ask an admin for a new one.</p>
      </EmptyState>
    );
  }
  return (
    <div className="auth-panel">
      <h1>Welcome, {invite.name}</h1>
      <p className="page-description">Choose a password for {invite.email}.</p>
      <AcceptInviteForm token={token} />
    </div>
  );
}
