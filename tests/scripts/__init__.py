"""Scripts run by hand: the suite under load, the long oracle and random runs, the README's pictures."""
