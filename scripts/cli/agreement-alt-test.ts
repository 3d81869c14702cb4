// `concord agreement --alt-test`: placeholder until the mode lands.
export async function run(_args: string[]): Promise<number> {
  process.stderr.write("concord agreement --alt-test: not available yet\n");
  return 1;
}
