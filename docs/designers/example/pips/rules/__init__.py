"""The rules of Pips, and the errata they find in the draft."""
