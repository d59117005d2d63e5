// The test kit: bench/ and e2e/ use the product only through this package and public packages.
export * from './accounts';
export * from './chromium';
export * from './free-port';
export * from './identity-provider';
export * from './mail-catcher';
export * from './product';
export * from './round-robin-proxy';
