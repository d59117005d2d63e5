// One sample organisation, in sizes from the demo to the benchmark.
export {};
