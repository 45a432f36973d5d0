"""Spoken announcements: number words, the phrases said, and the speaker behind a queue."""
