"""Config: load and validate the TOML files in ``config/``."""
