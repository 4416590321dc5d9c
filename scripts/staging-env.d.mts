/** The environment of a staging site on the production build (scripts/staging-env.mjs). */
export function stagingEnv(port: number): Record<string, string>;
