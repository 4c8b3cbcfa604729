"""Celery tasks: thin wrappers that call one function each."""

from celery import shared_task

from .flow import resolve_due


@shared_task(name="games.tasks.tick")
def tick() -> int:
    """Process every due deadline exactly once (beat runs this every second)."""
    return resolve_due()
