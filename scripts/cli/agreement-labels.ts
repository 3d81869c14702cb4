// `concord agreement --task …`: placeholder until the task's metrics land.
export async function run(_args: string[], task: string): Promise<number> {
  process.stderr.write(`concord agreement --task ${task}: not available yet\n`);
  return 1;
}
