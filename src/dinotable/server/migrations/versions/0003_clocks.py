"""Clocks: a table's time bank and increment per seat, and a seat handed to a bot for running out of time.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock_bank", sa.Integer))
        batch.add_column(sa.Column("clock_increment", sa.Integer))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("out_of_time", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("out_of_time")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock_increment")
        batch.drop_column("clock_bank")
