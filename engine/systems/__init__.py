"""Rule systems, one package each. Each holds rules data and resolution only."""
