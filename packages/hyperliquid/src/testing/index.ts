/**
 * The signing reference vectors (python SDK and @nktkas/hyperliquid), for the tests of other
 * packages that sign or verify (the simulator's signature checks). Not part of the build: import
 * from test files only.
 */
export * from './referenceVectors.js';
