"""The rules of Roll & Keep combat: pools, attacks, wounds, the turn, and the errata they find."""
