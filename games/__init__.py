"""The Django app: models, game flow, access policy, views and tasks."""
