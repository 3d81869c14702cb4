import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export default function Forbidden() {
  return (
    <EmptyState title="You do not have access to this page" action={<Link href="/">Go to your start page</Link>}>
      <p>Your role does not include this section. An admin can change your role.</p>
    </EmptyState>
  );
}
