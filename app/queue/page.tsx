import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";
import { ACCESS } from "@/lib/auth/access";
import { requireUser } from "@/lib/server/auth/guards";

export const metadata: Metadata = { title: "Queue" };

export default async function QueuePage() {
  await requireUser(ACCESS.rate);
  return (
    <ComingSoon title="Rating queue" description="Rate responses blind to the judge, one at a time, by keyboard.">
      <p>Keys 1–4 will pick a level, Enter submits, S skips and U undoes the last rating.</p>
    </ComingSoon>
  );
}
