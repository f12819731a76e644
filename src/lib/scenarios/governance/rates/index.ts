export * from './audit';
export * from './drift';
export * from './fuse';
export { allWords, contentWords, prepareText, stem, type PreparedText } from './text';
