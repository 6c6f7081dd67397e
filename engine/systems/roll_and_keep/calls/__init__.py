"""Roll & Keep registry calls: pools, combat, wounds, soak planner and the turn."""
