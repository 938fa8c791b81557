/** Worker thread of bench/fairness.ts: simulates seasons [from, to) and posts the figures back. */
import { parentPort, workerData } from 'node:worker_threads';
import { simulateSeasons } from './simulate.js';

const { from, to } = workerData as { from: number; to: number };
parentPort?.postMessage(simulateSeasons(from, to));
