"""Alembic's environment: the server hands it a connection (`db.migrate`); the alembic command line may
give a URL instead (`alembic -x url=sqlite:///var/dinotable.db upgrade head`)."""

from alembic import context
from sqlalchemy import create_engine

config = context.config


def run(connection) -> None:
    context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    with create_engine(url).begin() as own:
        run(own)
