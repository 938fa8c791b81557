/**
 * A start-up failure the operator fixes outside the program (a folder, a port, another process):
 * the entry points print its message, one line, and exit 1 (ops/startup.ts exitOnStartupError).
 */
export class StartupError extends Error {}
