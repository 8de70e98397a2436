export * from './errors';
export * from './client-type';
export * from './steps';
export * from './status';
export * from './area';
export * from './limits';
export * from './auth';
export * from './contract';
export * as cipher from './cipher';
