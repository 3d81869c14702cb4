import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export default function SessionNotFound() {
  return (
    <EmptyState title="Session not found" action={<Link href="/sessions">All sessions</Link>}>
      <p>There is no session with this id. It may have been replaced by a newer import.</p>
    </EmptyState>
  );
}
