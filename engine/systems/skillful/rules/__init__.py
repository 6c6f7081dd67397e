"""The rules of Skillful, and the errata they find in the draft."""
