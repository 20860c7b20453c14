"""The world: campaign files, game state, and the scene a player sees. Pure data and pure
functions; no database, no Discord, no model."""
