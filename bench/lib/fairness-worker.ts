/** Worker thread of bench/fairness.ts: simulates seasons [from, to) of one world and posts the figures back. */
import { parentPort, workerData } from 'node:worker_threads';
import { simulateSeasons, type RuleSet } from './simulate.js';
import type { WorldConfig } from './world.js';

const { from, to, config, set, names } = workerData as { from: number; to: number; config: WorldConfig; set: RuleSet; names?: string[] };
parentPort?.postMessage(simulateSeasons(from, to, config, set, names));
