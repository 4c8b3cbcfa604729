"""Signing up (allauth's form, safe against a double submit), an
account's own settings (what it wants by e-mail, the time zone it reads
times in, whether its profile is hidden) and its public profile."""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from allauth.account.views import SignupView as AllauthSignupView
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from .. import access, languages
from ..forms import MailPreferenceForm, ProfileSettingForm, TimeZoneForm
from ..models import MailPreference, ProfileSetting
from ..pages import profile as pages


class SignupView(AllauthSignupView):
    """allauth's sign-up, where two forms sent at once with one account
    name make one account: the one whose insert comes second meets the
    table's unique name and gets the form back with allauth's own
    sentence ("A user with that username already exists.") and what was
    typed, never a 500."""

    def form_valid(self, form) -> HttpResponse:
        """allauth's sign-up in a savepoint; the form again with its error
        when the account name was taken meanwhile."""
        try:
            with transaction.atomic():
                return super().form_valid(form)
        except IntegrityError:
            form.add_error("username", get_adapter().error_messages["username_taken"])
            return self.form_invalid(form)


signup = SignupView.as_view()


@login_required
@require_http_methods(["GET", "POST"])
def mail_settings(request: HttpRequest) -> HttpResponse:
    """The logged-in account's e-mail settings: reminders before a deadline
    and the results drafts of the games it hosts (``MailPreference``), and
    the address they go to (changed on allauth's e-mail page)."""
    preference = MailPreference.of(request.user.pk)
    form = MailPreferenceForm(request.POST if request.method == "POST" else None, instance=preference)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your e-mail settings were saved."))
        return HttpResponseRedirect(reverse("mail_settings"))
    return render(request, "games/mail_settings.html", {"form": form, "address": request.user.email})


@login_required
@require_http_methods(["GET", "POST"])
def time_zone(request: HttpRequest) -> HttpResponse:
    """The account's time zone setting: every time on the site in the zone
    it chose, with its UTC offset, or in each game's own zone. ``next``:
    where to go back to once saved (a page of this site only)."""
    form = TimeZoneForm(
        request.POST if request.method == "POST" else None,
        initial={"time_zone": request.session.get(languages.ZONE_SESSION_KEY, "")},
    )
    back = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=False):
        back = ""
    if request.method == "POST" and form.is_valid():
        languages.remember_time_zone(request, form.cleaned_data["time_zone"])
        messages.success(request, _("Your time zone is saved."))
        return HttpResponseRedirect(back or reverse("account_time_zone"))
    return render(request, "games/time_zone.html", {"form": form, "next": back}, status=400 if form.errors else 200)


@require_GET
def profile(request: HttpRequest, username: str) -> HttpResponse:
    """The public profile of the account ``username``: its finished games
    that revealed their accounts and its totals (``pages.profile``). A
    profile its owner hid is a 404 to everyone else
    (``access.profile_for_reader``); its owner sees it with a notice."""
    account, hidden = access.profile_for_reader(request.user, username)
    is_owner = request.user.is_authenticated and request.user.pk == account.pk
    return render(request, "games/profile.html", pages.profile(account, hidden, is_owner))


@login_required
@require_GET
def my_profile(request: HttpRequest) -> HttpResponse:
    """The logged-in account's own profile (the account menu's link: the
    menu never writes the account's name into a game's pages)."""
    return HttpResponseRedirect(reverse("profile", args=[request.user.get_username()]))


@login_required
@require_http_methods(["GET", "POST"])
def profile_settings(request: HttpRequest) -> HttpResponse:
    """Whether the logged-in account's profile is hidden
    (``ProfileSetting``); saved twice, it stays as chosen."""
    data = request.POST if request.method == "POST" else None  # an unticked box sends nothing
    form = ProfileSettingForm(data, instance=ProfileSetting.of(request.user.pk))
    if request.method == "POST" and form.is_valid():
        ProfileSetting.objects.update_or_create(user=request.user, defaults={"hidden": form.cleaned_data["hidden"]})
        messages.success(request, _("Your profile settings were saved."))
        return HttpResponseRedirect(reverse("profile_settings"))
    return render(request, "games/profile_settings.html", {"form": form, "username": request.user.get_username()})
