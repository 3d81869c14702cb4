// `concord agreement --ppi`: placeholder until the mode lands.
export async function run(_args: string[]): Promise<number> {
  process.stderr.write("concord agreement --ppi: not available yet\n");
  return 1;
}
