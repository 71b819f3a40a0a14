"""The authoritative web server: tables kept as records in a database, each seat sent only what it may see.

`create_app` (in `dinotable.server.app`) builds the FastAPI app; `dinotable serve` runs it on uvicorn. The
browser client lives in `static/`. Importing this package imports no web library, so the terminal game
runs without the `web` extra.
"""
