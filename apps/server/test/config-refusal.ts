import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

/** The whole message of a start the configuration refuses; fails the test when it is accepted. */
export function refusedConfig(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
}
