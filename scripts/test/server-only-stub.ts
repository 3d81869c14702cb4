// Stands in for the "server-only" marker package outside Next (tests and the CLI).
export {};
