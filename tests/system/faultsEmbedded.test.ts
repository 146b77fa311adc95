import { describeFaultsUnderLoad } from './faultsUnderLoad.js';

// One file per store, so the two schedules can run side by side (vitest.config.ts, `load`).
describeFaultsUnderLoad('sqlite', 'the embedded store');
