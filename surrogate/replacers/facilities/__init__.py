"""Facilities and institutions."""
