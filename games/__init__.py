"""Pure rules engines: one package per title plus ``games.core``. No I/O imports here."""
