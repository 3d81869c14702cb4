import { redirectHome } from "@/lib/server/auth/guards";

export default async function Home() {
  return redirectHome();
}
