// A worker thread that charges a shared weight meter: proves threads of one process count together.
import { parentPort, workerData } from 'node:worker_threads';
import { WeightMeter } from '../weightMeter.js';

const { memory, times, weight } = workerData as { memory: SharedArrayBuffer; times: number; weight: number };
const meter = new WeightMeter({ budgetPerMinute: 1_000_000, memory });
for (let i = 0; i < times; i += 1) meter.charge(weight);
parentPort?.postMessage('done');
