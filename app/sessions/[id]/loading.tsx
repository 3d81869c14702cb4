import { SessionSkeleton } from "@/components/sessions/skeletons";

export default function SessionLoading() {
  return <SessionSkeleton />;
}
