export * from './constants.ts';
export * from './gst.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './format.ts';
export * from './schemas/site.ts';
export * from './schemas/product.ts';
