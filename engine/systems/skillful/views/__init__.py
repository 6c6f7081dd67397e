"""How Skillful's call answers become HTML, at build time and in the browser."""
