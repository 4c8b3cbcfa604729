"""URL configuration."""

from django.contrib import admin
from django.urls import include, path

from games.views.account import signup

from .env import env_bool

urlpatterns = [
    path("admin/", admin.site.urls),
    # allauth's sign-up, safe against a double submit (games.views.account).
    path("accounts/signup/", signup, name="account_signup"),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("games.urls")),
]

if env_bool("MAFIA_BENCH_BARE_VIEW", False):
    # The yardstick of ``manage.py bench_pages``; never mounted otherwise.
    from benchmarks.bench import bare_view

    urlpatterns.insert(0, path("bench/bare/", bare_view))
