export * from './csv-query';
export * from './data';
export * from './dispatch';
export * from './fs-state';
export * from './session';
export * from './path-policy';
export * from './types';
export { argsForLog, MAX_LOGGED_ARGS_CHARS } from './args';
export { utf8Length } from './text';
