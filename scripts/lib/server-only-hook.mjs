// Node resolve hook for the CLI: `server-only` guards Next bundles against leaking server
// code to the browser; outside Next (the CLI, scripts) it has nothing to guard, so it
// resolves to an empty module instead of throwing.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: "data:text/javascript,export {};", shortCircuit: true };
  return nextResolve(specifier, context);
}
