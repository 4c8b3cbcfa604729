"""The Django project: settings, URLs, WSGI and the Celery application.

The Celery application (``mafia_site.celery``) is not imported here: the web
processes never send a task, and Celery with its transports would add some
20 MiB to every gunicorn worker. ``celery -A mafia_site`` finds it as this
package's ``celery`` module, and ``games.tasks`` binds its tasks to it.
"""
