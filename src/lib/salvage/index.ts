/** Reply salvage: where a broken model reply is repaired. See README.md. */
export * from './json';
export * from './reasoning';
export * from './reply';
