# The production image: gunicorn for the web, the same image for the Celery
# worker and beat (see docker-compose.yml). Static files are collected at
# build time and served by whitenoise with hashed names.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    MAFIA_MANIFEST_STATIC=1 \
    MAFIA_VAR_DIR=/app/var

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .
RUN DJANGO_SECRET_KEY=collectstatic-only MAFIA_VAR_DIR=/tmp/build-var \
        python manage.py collectstatic --noinput -v 0 \
    && rm -rf /tmp/build-var \
    && useradd --system --home-dir /app --shell /usr/sbin/nologin mafia \
    && mkdir -p /app/var \
    && chown mafia /app/var

USER mafia
EXPOSE 8000
CMD ["sh", "-c", "python manage.py migrate --noinput && exec gunicorn mafia_site.wsgi --bind 0.0.0.0:8000 --workers ${WEB_CONCURRENCY:-3} --access-logfile -"]
