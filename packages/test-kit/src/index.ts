// The test kit: bench/ and e2e/ use the product only through this package and public packages.
export {};
