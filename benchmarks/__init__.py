"""The site's benchmarks and soak test, kept apart from the game app:
``manage.py bench_pages``, ``bench_deadline``, ``bench_markup`` and
``soak`` (which ``scripts/soak`` runs), and the helpers they share
(``benchmarks.bench``). Nothing in ``games`` imports them."""
