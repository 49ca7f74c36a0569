"""Corpora: formats, ×N augmentation, statistics and the command line."""
