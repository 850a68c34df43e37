"""Scanner tests and the photo simulator they (and benchmarks/bench_scanner.py) use."""
