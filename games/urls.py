"""Game pages."""

from django.urls import path

urlpatterns: list = []
