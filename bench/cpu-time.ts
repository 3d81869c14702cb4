// CPU time of this process and of a PostgreSQL cluster's processes (Linux /proc), so that a
// bench on a shared, busy machine can print a figure its load does not inflate: the wall
// time of a quiet machine is at most this sum (and at least its larger part on 2 cores).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const TICK_MS = 10; // USER_HZ = 100 on Linux

function ticksOf(pid: string): { ppid: number; ms: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** CPU ms used so far by the postmaster of `baseDir` (as startEmbeddedPostgres lays it out) and its live children. */
function postgresCpuMs(baseDir: string): number {
  const postmaster = Number(readFileSync(path.join(baseDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
  let total = ticksOf(String(postmaster))?.ms ?? 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = ticksOf(pid);
    if (stat && stat.ppid === postmaster) total += stat.ms;
  }
  return total;
}

/** Starts a CPU stopwatch over this process and the cluster; the result's `stop` gives both in ms. */
export function startCpuClock(baseDir: string): { stop: () => { node: number; postgres: number } } {
  const node0 = process.cpuUsage();
  const pg0 = postgresCpuMs(baseDir);
  return {
    stop: () => {
      const node = process.cpuUsage(node0);
      return { node: (node.user + node.system) / 1000, postgres: postgresCpuMs(baseDir) - pg0 };
    },
  };
}
