"""Dates and ages."""
