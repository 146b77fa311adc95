import { afterEach, beforeEach, describe } from 'vitest';
import { itAppendsFromSeveralProcesses } from '../testing/runMultiProcessAppendTest.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

describe('several processes on one store file', () => {
  let file: string;
  let cleanup: () => void;
  beforeEach(() => ({ file, cleanup } = tempStoreFile()));
  afterEach(() => cleanup());

  itAppendsFromSeveralProcesses(() => file);
});
