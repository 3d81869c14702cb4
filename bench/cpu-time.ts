// CPU time of this process and of a PostgreSQL cluster's processes (Linux /proc), so that a
// bench on a shared, busy machine can print a figure its load does not inflate: the wall
// time of a quiet machine is at most this sum (and at least its larger part on 2 cores).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** utime + stime; with `waitedChildren`, also cutime + cstime: the CPU of children that have exited. */
function ticksOf(pid: string, waitedChildren = false): { ppid: number; ms: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    const own = Number(fields[11]) + Number(fields[12]);
    return { ppid: Number(fields[1]), ms: (own + (waitedChildren ? Number(fields[13]) + Number(fields[14]) : 0)) * TICK_MS };
  } catch {
    return null;
  }
}

/**
 * CPU ms used so far by the postmaster of `baseDir` (as startEmbeddedPostgres lays it out),
 * its live children, and the children that have exited (a closed connection's backend, an
 * autovacuum worker): the postmaster waits for each, so their CPU stays in its cutime and a
 * backend ending between start and stop is neither lost nor counted twice.
 */
function postgresCpuMs(baseDir: string): number {
  const postmaster = Number(readFileSync(path.join(baseDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
  let total = ticksOf(String(postmaster), true)?.ms ?? 0;
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
