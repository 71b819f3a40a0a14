"""Analyses and hints: a finished table's analysis, kept once made; whether a table allows hints, and the
decisions at which each seat asked for one.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("version", sa.String(32), primary_key=True),
        sa.Column("budget", sa.Integer, primary_key=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("doc", sa.JSON),
        sa.Column("error", sa.Text),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "hints",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("hints")
    op.drop_table("analyses")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
