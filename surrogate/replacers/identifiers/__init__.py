"""Identifiers: record numbers, DNI/NIE/NIF, NASS, collegiate and bank numbers."""
