"""Contacts: phones, e-mails, URLs and the domain/phone plans they share."""
