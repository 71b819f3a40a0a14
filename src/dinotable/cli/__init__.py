"""The terminal front end: `dinotable play | replay | review | simulate | bench | rules | games`."""
