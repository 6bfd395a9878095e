export * from './envelope.ts';
export * from './ret-codes.ts';
export * from './languages.ts';
export * from './sites.ts';
export * from './screens.ts';
export * from './validation.ts';
export * from './api/account.ts';
export * from './http.ts';
