"""What the tests use: waiting, key bursts, oracles, position makers, references."""
