import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export default function NotFound() {
  return (
    <EmptyState title="Page not found" action={<Link href="/sessions">Go to sessions</Link>}>
      <p>There is nothing at this address.</p>
    </EmptyState>
  );
}
