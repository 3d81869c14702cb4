import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata: Metadata = { title: "Queue" };

export default function QueuePage() {
  return (
    <ComingSoon title="Rating queue" description="Rate responses blind to the judge, one at a time, by keyboard.">
      <p>Keys 1–4 will pick a level, Enter submits, S skips and U undoes the last rating.</p>
    </ComingSoon>
  );
}
