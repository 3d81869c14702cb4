import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInviteForm } from "@/components/auth/accept-invite-form";
import { EmptyState } from "@/components/ui/empty-state";
import type { Role } from "@/lib/auth/access";
import { findInvite } from "@/lib/server/auth/invites";

export const metadata: Metadata = { title: "Accept invite" };

/** What each role may do, in a phrase for the invitee. */
const ROLE_WORDS: Record<Role, string> = {
  admin: "an admin (everything, including users and settings)",
  rater: "a rater (you rate responses in the queue)",
  viewer: "a viewer (you read the dashboards and reports)",
};

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
      <p className="page-description">
        {invite.invitedBy ? `${invite.invitedBy} invited you` : "You are invited"} to Concord as {ROLE_WORDS[invite.role]}. Choose a password to
        finish.
      </p>
      <AcceptInviteForm token={token} email={invite.email} />
    </div>
  );
}
