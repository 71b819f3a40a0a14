"""The terminal front end: `dinotable play | replay | simulate | bench | rules | games`."""
