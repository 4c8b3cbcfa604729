"""allauth hooks."""

from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.utils.translation import gettext as _

from .models import Player


class AccountAdapter(DefaultAccountAdapter):
    """Refuses account names equal to a game nickname in use, so a nickname
    can never be linked to an account by its name."""

    def clean_username(self, username: str, shallow: bool = False) -> str:
        username = super().clean_username(username, shallow=shallow)
        if Player.objects.filter(nickname__iexact=username).exists():
            raise forms.ValidationError(_("This username is not available."))
        return username
