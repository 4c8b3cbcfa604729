"""The benchmarks' Django app: it holds management commands only."""

from django.apps import AppConfig


class BenchmarksConfig(AppConfig):
    """``manage.py bench_pages``, ``bench_deadline``, ``bench_markup``, ``soak``."""

    name = "benchmarks"
    verbose_name = "Benchmarks"
